"""How a name reads inside a sentence the engine writes.

Names are given as they start a sentence (``Mob("The ghoul pack", …)``, ``Character("The
tanuki", …)``). English capitalises a name's article only where a sentence starts, so every
sentence a result ([`Explanation`][rules_core.explain.Explanation]), an odds line or an
error says passes through [`running_text`][rules_core.names.running_text]. A name that
counts a group (``Virek-Kohl's lackeys``) takes a verb in the plural
([`agreeing`][rules_core.names.agreeing]).
"""

from __future__ import annotations

import re

#: "The" that starts a name where it follows a word, a comma, a colon or a bracket: inside a
#: sentence. After a full stop or a dash it may start one; inside quotes it is somebody's
#: spelling, kept as given.
_THE_INSIDE = re.compile(r"(?:(?<=[\w,;:%)] )|(?<=\())The\b")


#: The last word of a name that counts a group ("Virek-Kohl's lackeys", "two guards"): a
#: word in lower case ending in a plural "s" (not "ss", "us" or "is": "the wild boss").
_GROUP = re.compile(r"\b[a-z][a-z-]*[^sui\W]s$")


def is_group(name: str) -> bool:
    """Whether ``name`` names many (``Virek-Kohl's lackeys``), so that a verb agrees with it
    in the plural; a proper name (``Boris``) or a collective (``The ghoul pack``) is one.

    Examples:
        >>> is_group("Virek-Kohl's lackeys"), is_group("Boris"), is_group("The ghoul pack")
        (True, False, False)
    """
    return _GROUP.search(name) is not None


def agreeing(name: str, verb: str) -> str:
    """``name`` and ``verb`` (given as it goes with one) agreeing: ``Soraya rolls``,
    ``Virek-Kohl's lackeys roll``.

    Examples:
        >>> agreeing("Soraya", "rolls"), agreeing("Virek-Kohl's lackeys", "rolls")
        ('Soraya rolls', "Virek-Kohl's lackeys roll")
        >>> agreeing("two guards", "has")
        'two guards have'
    """
    if not is_group(name):
        return f"{name} {verb}"
    plural = {"has": "have", "is": "are", "was": "were", "does": "do"}.get(verb)
    if plural is None:
        plural = verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes")) else verb[:-1]
    return f"{name} {plural}"


def sentence_start(text: str) -> str:
    """``text`` with a capital where it starts a sentence: a name given in lower case
    (``the storeroom fire``) starting a line of a card.

    Examples:
        >>> sentence_start("the storeroom fire: 2 successes"), sentence_start("2d6 rolled")
        ('The storeroom fire: 2 successes', '2d6 rolled')
    """
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def running_text(text: str) -> str:
    """``text`` with each name that begins with "The" written as running text reads it:
    ``attacks The ghoul pack`` is ``attacks the ghoul pack``; a sentence still starts with
    ``The``.

    Examples:
        >>> running_text("2 successes against 3: The tanuki wins. The tanuki flees.")
        '2 successes against 3: the tanuki wins. The tanuki flees.'
        >>> running_text("Each interval, The tanuki's chance (The ghoul pack's successes)")
        "Each interval, the tanuki's chance (the ghoul pack's successes)"
        >>> running_text("did you mean 'The Long Blades'?")
        "did you mean 'The Long Blades'?"
    """
    return _THE_INSIDE.sub("the", text)
