"""The specialties of each ability, as the rules list them, and the check that a test names
one that exists.

A Song of Ice and Fire Roleplaying, core rules (Abilities and specialties): each ability has
its own specialties, and a specialty adds its bonus dice to a test of its ability. "Combat
Actions" uses them without listing them (a weapon is used "with its specialty"). A specialty
a character lacks adds no bonus die; a name that is no specialty of the ability at all (a
weapon's "Blade" for the sheet's "Long Blades") is a mistake, refused rather than read as
0 bonus dice. A character may have specialties of their own beyond the list (a house rule);
those count for that character.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.chronicle.errors import CharacterError

SPECIALTIES: Mapping[str, tuple[str, ...]] = {
    "Agility": ("Acrobatics", "Balance", "Contortions", "Dodge", "Quickness"),
    "Animal Handling": ("Charm", "Drive", "Ride", "Train"),
    "Athletics": ("Climb", "Jump", "Run", "Strength", "Swim", "Throw"),
    "Awareness": ("Empathy", "Notice"),
    "Cunning": ("Decipher", "Logic", "Memory"),
    "Deception": ("Act", "Bluff", "Cheat", "Disguise"),
    "Endurance": ("Resilience", "Stamina"),
    "Fighting": ("Axes", "Bludgeons", "Brawling", "Fencing", "Long Blades", "Pole-arms",
                 "Shields", "Short Blades", "Spears"),
    "Healing": ("Diagnosis", "Treat Ailment", "Treat Injury"),
    "Knowledge": ("Education", "Research", "Streetwise"),
    "Marksmanship": ("Bows", "Crossbows", "Siege", "Throwing"),
    "Persuasion": ("Bargain", "Charm", "Convince", "Incite", "Intimidate", "Seduce", "Taunt"),
    "Status": ("Breeding", "Reputation", "Stewardship", "Tournaments"),
    "Stealth": ("Blend In", "Sneak"),
    "Survival": ("Forage", "Hunt", "Orientation", "Track"),
    "Thievery": ("Pick Lock", "Sleight of Hand", "Steal"),
    "Warfare": ("Command", "Strategy", "Tactics"),
    "Will": ("Coordinate", "Courage", "Dedication"),
}
"""The specialties of each ability (SIFRP core rules). An ability missing here (Language)
has none listed, and any specialty a character names for it is taken as written."""


def check_specialty(who: str, ability: str, name: str, own: Mapping[str, int]) -> None:
    """Refuse ``name`` unless it is one of ``who``'s specialties of ``ability`` (``own``:
    name → bonus dice) or a specialty the rules list for it.

    Examples:
        >>> check_specialty("Edric", "Fighting", "Spears", {"Long Blades": 2})
        >>> check_specialty("Edric", "Fighting", "Blade", {"Long Blades": 2})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.chronicle.errors.CharacterError: 'Blade' is not a Fighting specialty: ...
    """
    listed = SPECIALTIES.get(ability)
    if name in own or listed is None or name in listed:
        return
    mine = ", ".join(f"{s} ({b}B)" for s, b in own.items()) or "none"
    from difflib import get_close_matches  # only for a "did you mean": imported then

    guess = get_close_matches(name, [*own, *listed], n=1, cutoff=0.6)
    hint = f"; did you mean {guess[0]!r}?" if guess else "."
    raise CharacterError(f"{name!r} is not a {ability} specialty: {who}'s {ability} "
                         f"specialties are {mine}{hint} The rules' {ability} specialties: "
                         f"{', '.join(listed)}")
