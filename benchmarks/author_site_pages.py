"""A generated rules site that is not ours, for ``benchmarks/author_site.py``: about 1,000
MkDocs + Material pages of monsters, spells and magic items, as a rules author's existing
site would have them, with dice in the prose the way such sites write them ("*Hit:* 7
(1d8 + 3) piercing damage", "1d4 + 1 force damage", "a d20", "1d4 × 10 years", "676 (33d20 +
330)") and no worked examples (no ``rules-example`` fence, no chapter of our systems).

Deterministic: every page is drawn from a generator seeded by the seed and the page's place,
so a run with ``--pages 50`` writes the first pages of a run with 1,000 word for word, and two
runs with the same arguments write the same bytes.

    write_site(folder, pages=1000, seed=7, plugin=True)
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

#: Each section's share of the entry pages (the home page and one index per section are the
#: other pages).
SECTIONS = (("monsters", 0.5), ("spells", 0.3), ("items", 0.2))
#: The configuration's lines, the plugin's line apart (``plugin=True`` adds it, and nothing
#: else changes). ``nav`` is left out: MkDocs lists every page, by folder.
CONFIG = """\
site_name: Tome of Foes and Fables
site_description: Monsters, spells and magic items for the tabletop.
site_url: https://rules.example.org/rules/
theme:
  name: material
plugins:
  - search
{plugin}markdown_extensions:
  - admonition
  - tables
  - attr_list
  - toc:
      permalink: true
"""

_ADJECTIVES = (
    "Ash", "Barrow", "Blood", "Bone", "Briar", "Cinder", "Cloud", "Coral", "Crag", "Crypt",
    "Dawn", "Dread", "Dune", "Dusk", "Ember", "Fen", "Frost", "Gloom", "Grave", "Hollow",
    "Iron", "Marsh", "Mire", "Moon", "Moss", "Night", "Pale", "Plague", "Rust", "Salt",
    "Shadow", "Silt", "Smoke", "Storm", "Sun", "Thorn", "Tide", "Venom", "Void", "Wild")
_CREATURES = (
    ("goblin", "Small humanoid (goblinoid)"), ("hound", "Medium beast"),
    ("wyvern", "Large dragon"), ("troll", "Large giant"), ("wraith", "Medium undead"),
    ("drake", "Medium dragon"), ("ogre", "Large giant"), ("spider", "Large beast"),
    ("golem", "Large construct"), ("hag", "Medium fey"), ("serpent", "Huge monstrosity"),
    ("knight", "Medium humanoid (human)"), ("imp", "Tiny fiend (devil)"),
    ("elemental", "Large elemental"), ("ooze", "Large ooze"), ("harpy", "Medium monstrosity"),
    ("basilisk", "Medium monstrosity"), ("giant", "Huge giant"), ("lich", "Medium undead"),
    ("treant", "Huge plant"), ("kraken", "Gargantuan monstrosity"), ("stalker", "Medium fiend"),
    ("behemoth", "Gargantuan monstrosity"), ("cultist", "Medium humanoid (any race)"),
    ("boar", "Medium beast"), ("wolf", "Medium beast"), ("bat", "Small beast"),
    ("shambler", "Large plant"), ("sprite", "Tiny fey"), ("titan", "Gargantuan celestial"))
_ARMOR = ("natural armor", "leather armor", "chain mail", "shield")
_COMPANY = ("a captive", "a wagon of loot", "their young", "a wounded rival", "a cult leader",
            "nothing at all")
_CASTING = ("1 action", "1 bonus action", "1 reaction", "1 minute")
_MATERIALS = ("a pinch of sulfur", "a silver needle", "a drop of blood", "powdered quartz")
_DURATIONS = ("Instantaneous", "Concentration, up to 1 minute", "1 hour", "8 hours")
_FATES = ("crumbles to ash", "freezes solid", "is left unmarked", "glows faintly for an hour")
_SCHOOLS = ("abjuration", "conjuration", "divination", "enchantment", "evocation",
            "illusion", "necromancy", "transmutation")
_SPELL_WORDS = (
    "Lance", "Ward", "Veil", "Bolt", "Sphere", "Chains", "Tide", "Storm", "Hand", "Eye",
    "Step", "Shroud", "Spear", "Wall", "Bloom", "Whisper", "Mark", "Gate", "Ray", "Nova")
_ITEM_BASES = ("Ring", "Amulet", "Staff", "Cloak", "Boots", "Sword", "Shield", "Wand",
               "Helm", "Lantern", "Gauntlets", "Bow", "Circlet", "Horn", "Orb", "Tome")
_ITEM_QUALITIES = ("Warding", "the Deep", "Embers", "Whispers", "the Hunt", "Frost",
                   "Binding", "the Tides", "Ages", "Echoes", "Mending", "the Wyrm",
                   "Starlight", "Thorns", "Storms", "Twilight")
_DAMAGE = ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic",
           "piercing", "poison", "psychic", "radiant", "slashing", "thunder")
_ABILITIES = ("Strength", "Dexterity", "Constitution", "Intelligence", "Wisdom", "Charisma")
_PLACES = ("the old barrows", "flooded mines", "the borderland keeps", "salt marshes",
           "the high passes", "ruined temples", "the sunken city", "deep forests",
           "the ash wastes", "river crossings", "forgotten crypts", "the coastal caves")
_LORE = (
    "Travellers who cross {place} tell of the {name}, and few of their tales agree.",
    "Scholars of the {order} argue that the {name} was once something gentler, bent out of "
    "shape by a bargain made in {place}.",
    "The {name} keeps to {place}, where it hunts at {time} and rests while the sun is high.",
    "A {name} remembers a slight for years and will follow a party for days to repay it.",
    "Villagers near {place} leave offerings of {offering} at the edge of their fields, hoping "
    "the {name} passes them by.",
    "Those who have fought a {name} advise patience: it tires long before it retreats.",
    "In old songs the {name} guards a hoard of {offering}, though no hoard has ever been "
    "found.",
    "Its lair is marked by {sign}, and a careful tracker can read how long ago it passed.",
    "Adventurers hired to clear {place} often find that a {name} arrived there first.",
    "When wounded, a {name} falls back to {place} and does not come out until it has healed.",
    "The {order} pays a bounty for proof that a {name} has been driven off, not killed.",
    "Most who meet a {name} never see it coming; those who do rarely speak of it again.",
    "Its voice carries far at {time}, a low sound that frightens livestock for miles.",
    "A {name} will not cross running water, a fact that has saved more than one caravan.",
    "Druids of {place} claim the {name} is a warden of the land, not a beast to be hunted.",
)
_FILL = {
    "order": ("Grey Lantern", "Ivory Tower", "Seventh Circle", "Salt Wardens",
              "Moonlit Archive", "Quiet Hand"),
    "time": ("dusk", "dawn", "midnight", "the turn of the tide", "the new moon"),
    "offering": ("salt and bread", "copper coins", "river stones", "black candles",
                 "dried flowers"),
    "sign": ("scorched stones", "broken antlers", "a sour smell", "claw marks on the trees",
             "circles of dead grass"),
}
_SPELL_TEXT = (
    "The spell's effect ends early if you lose your concentration or move more than 100 "
    "feet from the target.",
    "A creature that succeeds on its saving throw is immune to this spell for the next 24 "
    "hours.",
    "You can choose creatures you can see to be unaffected by the spell.",
    "The light it sheds is dim, and it reveals invisible creatures within 10 feet of it.",
    "Objects in the area that are not being worn or carried are affected as well.",
    "If you cast this spell again, the first casting ends at once.",
    "The target knows that it was affected by a spell once the spell ends.",
    "This spell has no effect on undead or constructs.",
    "Any creature that enters the area for the first time on a turn must repeat the saving "
    "throw.",
)
_ITEM_TEXT = (
    "While you wear it, you have advantage on saving throws against being frightened.",
    "It sheds bright light in a 10-foot radius and dim light for another 10 feet when you "
    "speak its command word.",
    "The item is warm to the touch and hums faintly when a fiend is within 120 feet.",
    "You can use a bonus action to speak its command word and end the effect early.",
    "Legends say it was forged for a queen who never wore it.",
    "Its surface is etched with runes that no sage has managed to read.",
    "While attuned to it, you can't be charmed by creatures you can see.",
    "Each time you finish a long rest, the item whispers a rumour about a nearby place.",
)


@dataclass(frozen=True)
class Entry:
    """One entry page: its section, title, file (``monsters/ash-goblin.md``) and the line
    its section index lists it with."""

    section: str
    title: str
    path: str
    summary: str


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def dice(count: int, sides: int, plus: int = 0) -> str:
    """``7 (1d8 + 3)``: the average then the dice, as stat blocks write them."""
    average = count * (sides + 1) // 2 + plus
    if not plus:
        return f"{average} ({count}d{sides})"
    sign = "+" if plus > 0 else "−"
    return f"{average} ({count}d{sides} {sign} {abs(plus)})"


def modifier(score: int) -> str:
    value = (score - 10) // 2
    return f"+{value}" if value >= 0 else f"−{-value}"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def lore(rng: random.Random, name: str, sentences: int) -> str:
    """A paragraph of ``sentences`` sentences about ``name``."""
    chosen = rng.sample(_LORE, min(sentences, len(_LORE)))
    words = {key: rng.choice(values) for key, values in _FILL.items()}
    return " ".join(_articles(s.format(name=name.lower(), place=rng.choice(_PLACES), **words))
                    for s in chosen)


def _articles(text: str) -> str:
    """``a ash sprite`` → ``an ash sprite``."""
    return re.sub(r"\b([Aa]) (?=[aeiouAEIOU])", r"\1n ", text)


def _encounter(rng: random.Random, roll: int, title: str) -> str:
    """One row of a monster's encounter table."""
    count = rng.randint(1, 4)
    return (f"| {roll} | {count} {title.lower()}{'s' if count > 1 else ''} with "
            f"{rng.choice(_COMPANY)} |")


def monster_page(rng: random.Random, title: str, kind: str) -> tuple[str, str]:
    """A monster's page and its index line."""
    huge = kind.startswith(("Huge", "Gargantuan"))
    challenge = rng.randint(12, 30) if huge else rng.randint(1, 11)
    size_die = {"Tiny": 4, "Small": 6, "Medium": 8, "Large": 10}.get(kind.split()[0], 12)
    con = rng.randint(10, 24)
    if challenge >= 26 and rng.random() < 0.5:  # the largest: more dice than a hand holds
        hit_dice, size_die = rng.randint(31, 36), 20
    else:
        hit_dice = max(1, challenge * 2 + rng.randint(-1, 3))
    hp = dice(hit_dice, size_die, hit_dice * ((con - 10) // 2))
    scores = [rng.randint(6, 24) for _ in _ABILITIES]
    strength = (scores[0] - 10) // 2
    bonus = 2 + challenge // 4
    weapon, weapon_die, damage = rng.choice(
        (("Bite", 8, "piercing"), ("Claw", 6, "slashing"), ("Slam", 8, "bludgeoning"),
         ("Scimitar", 6, "slashing"), ("Longsword", 8, "slashing"), ("Tail", 10, "bludgeoning"),
         ("Gore", 12, "piercing"), ("Sting", 4, "piercing")))
    count = 1 + challenge // 6
    element = rng.choice(_DAMAGE)
    breath = 2 + challenge // 2
    lines = [
        f"# {title}", "",
        f"*{kind}, {rng.choice(('lawful', 'neutral', 'chaotic'))} "
        f"{rng.choice(('good', 'neutral', 'evil'))}*", "",
        f"- **Armor Class** {10 + rng.randint(1, 9)} ({rng.choice(_ARMOR)})",
        f"- **Hit Points** {hp}",
        f"- **Speed** {rng.choice((20, 30, 40))} ft."
        + (f", fly {rng.choice((40, 60, 80))} ft." if rng.random() < 0.3 else ""),
        f"- **Challenge** {challenge} ({challenge * 450 + 100:,} XP)", "",
        "| " + " | ".join(a[:3].upper() for a in _ABILITIES) + " |",
        "|" + ":---:|" * len(_ABILITIES),
        "| " + " | ".join(f"{s} ({modifier(s)})" for s in scores) + " |", "",
        f"**Senses** darkvision {rng.choice((30, 60, 120))} ft., passive Perception "
        f"{10 + rng.randint(0, 8)}  ",
        f"**Languages** {rng.choice(('Common', 'Common, Goblin', 'Draconic', 'none', 'Abyssal'))}",
        "", "## Traits", "",
        f"**Keen Senses.** The {title.lower()} has advantage on Wisdom (Perception) checks "
        "that rely on smell or sight.", "",
        f"**Stubborn.** When the {title.lower()} fails a saving throw, it can roll a d20 and "
        "use the new roll. Once it does so, it can't do so again until it finishes a long "
        "rest.", "",
        "## Actions { #actions }", "",
        f"**Multiattack.** The {title.lower()} makes {rng.choice(('two', 'three'))} attacks: "
        f"one with its {weapon.lower()} and the rest with its claws.", "",
        f"**{weapon}.** *Melee Weapon Attack:* +{bonus + max(strength, 0)} to hit, reach "
        f"{rng.choice((5, 10))} ft., one target. *Hit:* "
        f"{dice(count, weapon_die, max(strength, 1))} {damage} damage"
        + (f" plus {dice(count, 6)} {element} damage." if rng.random() < 0.4 else "."), "",
        f"**Claw.** *Melee Weapon Attack:* +{bonus + 1} to hit, reach 5 ft., one target. "
        f"*Hit:* {dice(1, 6, max(strength, 1))} slashing damage.", "",
    ]
    if challenge >= 5:
        lines += [
            f"**{element.title()} Breath (Recharge 5–6).** The {title.lower()} exhales "
            f"{element} in a {rng.choice((15, 30, 60))}-foot cone. Each creature in that area "
            f"must make a DC {10 + bonus + 2} Dexterity saving throw, taking "
            f"{dice(breath, 8)} {element} damage on a failed save, or half as much damage on "
            "a successful one.", ""]
    if huge:
        lines += [
            "## Legendary Actions { #legendary-actions }", "",
            f"The {title.lower()} can take 3 legendary actions, choosing from the options "
            "below. Only one legendary action can be used at a time and only at the end of "
            "another creature's turn.", "",
            "- **Detect.** It makes a Wisdom (Perception) check.",
            f"- **Tail Swipe.** It makes a tail attack: {dice(2, 8, strength)} bludgeoning "
            "damage.",
            "- **Wing Buffet (Costs 2 Actions).** Each creature within 10 feet must succeed "
            f"on a DC {8 + bonus} Strength saving throw or take {dice(2, 6, strength)} "
            "bludgeoning damage and be knocked prone.", ""]
    lines += [
        f'!!! tip "Running the {title.lower()}"', "",
        f"    {lore(rng, title, 2)} Roll 1d6 at the start of each round: on a 6 the "
        f"{title.lower()} tries to flee toward {rng.choice(_PLACES)}.", "",
        "## Encounters", "",
        "| d6 | Encounter |", "|---|---|",
        *(_encounter(rng, n, title) for n in range(1, 7)), "",
        "## Lore", "",
        lore(rng, title, rng.randint(4, 6)), "",
        lore(rng, title, rng.randint(3, 5)), ""]
    summary = f"| [{title}]({slug(title)}.md) | {challenge} | {kind} |"
    return "\n".join(lines), summary


def spell_page(rng: random.Random, title: str) -> tuple[str, str]:
    """A spell's page and its index line."""
    level = rng.randint(1, 8)
    school = rng.choice(_SCHOOLS)
    element = rng.choice(_DAMAGE)
    dice_count = level + rng.randint(1, 6)
    sides = rng.choice((4, 6, 8, 10, 12))
    darts = 3 + level // 3
    lines = [
        f"# {title}", "", f"*{ordinal(level)}-level {school}*", "",
        f"- **Casting Time:** {rng.choice(_CASTING)}",
        f"- **Range:** {rng.choice(('Self', 'Touch', '60 feet', '120 feet', '150 feet'))}",
        "- **Components:** V, S"
        + (f", M ({rng.choice(_MATERIALS)})" if rng.random() < 0.6 else ""),
        f"- **Duration:** {rng.choice(_DURATIONS)}",
        "",
        f"You point at a place within range and a {rng.choice(('bead', 'ribbon', 'spiral'))} "
        f"of {element} blossoms there. Each creature in a {rng.choice((10, 20, 30))}-foot-"
        f"radius sphere centered on that point must make a "
        f"{rng.choice(_ABILITIES[:3])} saving throw. A target takes {dice_count}d{sides} "
        f"{element} damage on a failed save, or half as much damage on a successful one.",
        "",
        f"Alternatively, you create {darts} glowing darts of magical force. Each dart hits a "
        "creature of your choice that you can see within range and deals 1d4 + 1 force "
        "damage to its target. The darts all strike simultaneously.", "",
        " ".join(rng.sample(_SPELL_TEXT, 3)), "",
        f"**At Higher Levels.** When you cast this spell using a spell slot of "
        f"{ordinal(level + 1) if level < 9 else '9th'} level or higher, the damage increases "
        f"by 1d{sides} for each slot level above {ordinal(level)}.", "",
        "## Damage by slot level", "",
        "| Slot | Damage | Darts |", "|---|---|---|",
        *(f"| {ordinal(slot)} | {dice_count + slot - level}d{sides} | {darts + slot - level} |"
          for slot in range(level, min(level + 4, 10))), "",
        '!!! note "Wild magic"', "",
        "    When a sorcerer casts this spell, roll a d20. On a 1, roll 1d100 on the Wild "
        f"Magic Surge table; on a 20 the spell also deals 1d6 {rng.choice(_DAMAGE)} damage "
        "to the caster.", "",
        "## Notes", "",
        f"Scholars of {rng.choice(_PLACES)} first wrote this spell down. "
        + " ".join(rng.sample(_SPELL_TEXT, 3)), "",
        "- The spell can be cast as a ritual only by a wizard who knows it.",
        f"- A creature reduced to 0 hit points by it {rng.choice(_FATES)}.",
        "- The area counts as difficult terrain until the start of your next turn.", ""]
    summary = f"| [{title}]({slug(title)}.md) | {level} | {school} |"
    return "\n".join(lines), summary


def item_page(rng: random.Random, title: str) -> tuple[str, str]:
    """A magic item's page and its index line."""
    rarity = rng.choice(("uncommon", "rare", "very rare", "legendary"))
    charges = rng.choice((3, 7, 10, 20))
    regain = rng.choice(("1d6 + 4", "1d4 + 1", "2d4", "1d8 + 2", "1d3"))
    lines = [
        f"# {title}", "",
        f"*Wondrous item, {rarity}{' (requires attunement)' if rng.random() < 0.6 else ''}*",
        "",
        f"This {title.split()[0].lower()} has {charges} charges. While holding it, you can "
        "use an action to expend 1 or more of its charges to cast one of the following "
        "spells from it, using your spell save DC.", "",
        f"- *{rng.choice(_SPELL_WORDS)} of {rng.choice(_ITEM_QUALITIES)}* (1 charge)",
        f"- *{rng.choice(_SPELL_WORDS)} of {rng.choice(_ITEM_QUALITIES)}* (3 charges)",
        f"- *{rng.choice(_SPELL_WORDS)} of {rng.choice(_ITEM_QUALITIES)}* (5 charges)", "",
        f"The {title.split()[0].lower()} regains {regain} expended charges daily at dawn. "
        "If you expend its last charge, roll a d20. On a 1, the item crumbles into ashes and "
        "is destroyed.", "",
        f"**Curse.** Each time you use it to cast a spell of 5th level or higher, you age "
        f"1d4 × 10 years unless you succeed on a DC {rng.randint(12, 18)} Constitution saving "
        "throw.", "",
        " ".join(rng.sample(_ITEM_TEXT, 3)), "",
        "## Random properties", "",
        "| d100 | Property |", "|---|---|",
        "| 01–20 | It whispers warnings: you can't be surprised while it is on your person. |",
        "| 21–45 | It is cold to the touch; you have resistance to fire damage. |",
        "| 46–70 | When you roll initiative, you gain 1d10 temporary hit points. |",
        "| 71–90 | Beasts are uneasy near you; you have disadvantage on Animal Handling. |",
        "| 91–00 | Once per day you can reroll a d20 you just rolled. |", "",
        f'!!! warning "Sentient {title.split()[0].lower()}"', "",
        "    Some of these items are sentient. Such an item has an Intelligence of "
        f"{rng.randint(8, 18)} and a purpose of its own. When it disagrees with its wielder, "
        "both roll a d20 and add their Charisma modifiers; on a tie the item wins.", "",
        "## History", "",
        f"{' '.join(rng.sample(_ITEM_TEXT, 2))} It was last seen in {rng.choice(_PLACES)}, "
        f"where the {rng.choice(_FILL['order'])} traded it for "
        f"{rng.randint(2, 40) * 100:,} gold pieces.", ""]
    summary = f"| [{title}]({slug(title)}.md) | {rarity} | {charges} |"
    return "\n".join(lines), summary


def titles(section: str, count: int, rng: random.Random) -> list[tuple[str, str]]:
    """``count`` distinct titles for ``section`` (with the monster's kind, else ``""``)."""
    if section == "monsters":
        pool = [(f"{a} {c.title()}", kind) for a in _ADJECTIVES for c, kind in _CREATURES]
    elif section == "spells":
        pool = [(f"{a}{'’s' if i % 3 == 0 else ''} {w}", "")
                for i, a in enumerate(_ADJECTIVES) for w in _SPELL_WORDS]
    else:
        pool = [(f"{b} of {q}", "") for b in _ITEM_BASES for q in _ITEM_QUALITIES]
    rng.shuffle(pool)
    if count > len(pool):
        more = [(f"{title} {roman}", kind) for roman in ("II", "III", "IV", "V")
                for title, kind in pool]
        pool += more
    return pool[:count]


def section_counts(pages: int) -> dict[str, int]:
    """Entry pages per section, for ``pages`` pages in all (the home page and one index per
    section included)."""
    entries = max(len(SECTIONS), pages - 1 - len(SECTIONS))
    counts = {name: int(entries * share) for name, share in SECTIONS}
    counts[SECTIONS[0][0]] += entries - sum(counts.values())
    return counts


def write_site(folder: Path, pages: int = 1000, seed: int = 7, plugin: bool = True,
               config_name: str = "mkdocs.yml") -> dict[str, object]:
    """Write the site's ``docs/`` into ``folder`` (once: the pages are the same for every
    configuration) and its configuration ``config_name``, with the ``rules-examples`` plugin
    or without; return what was written (pages, words, dice expressions)."""
    docs = folder / "docs"
    stats: dict[str, object] = {}
    if not docs.is_dir():
        stats = _write_docs(docs, pages, seed)
    line = "  - rules-examples\n" if plugin else ""
    (folder / config_name).write_text(CONFIG.format(plugin=line), encoding="utf-8")
    return stats


_DICE_IN_PROSE = re.compile(r"\b\d{0,2}d\d{1,3}\b")


def _write_docs(docs: Path, pages: int, seed: int) -> dict[str, object]:
    entries: dict[str, list[Entry]] = {}
    words = dice_count = 0
    for section, count in section_counts(pages).items():
        rng = random.Random(f"{seed}:{section}:titles")
        entries[section] = []
        for number, (title, kind) in enumerate(titles(section, count, rng)):
            page_rng = random.Random(f"{seed}:{section}:{number}")
            if section == "monsters":
                text, summary = monster_page(page_rng, title, kind)
            elif section == "spells":
                text, summary = spell_page(page_rng, title)
            else:
                text, summary = item_page(page_rng, title)
            path = f"{section}/{slug(title)}.md"
            target = docs / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            words += len(text.split())
            dice_count += len(_DICE_IN_PROSE.findall(text))
            entries[section].append(Entry(section, title, path, summary))
    heads = {"monsters": "| Monster | Challenge | Kind |\n|---|---|---|",
             "spells": "| Spell | Level | School |\n|---|---|---|",
             "items": "| Item | Rarity | Charges |\n|---|---|---|"}
    for section, listed in entries.items():
        body = "\n".join(entry.summary for entry in sorted(listed, key=lambda e: e.title))
        (docs / section / "index.md").write_text(
            f"# {section.title()}\n\nEvery {section[:-1]} of the book, A to Z.\n\n"
            f"{heads[section]}\n{body}\n", encoding="utf-8")
    (docs / "index.md").write_text(
        "# Tome of Foes and Fables\n\n"
        "Monsters, spells and magic items for your table. Dice are written the usual way: "
        "1d8 + 3 means roll one eight-sided die and add 3; a d20 is one twenty-sided die.\n\n"
        "- [Monsters](monsters/index.md)\n- [Spells](spells/index.md)\n"
        "- [Magic items](items/index.md)\n\n"
        '!!! note "Using this book"\n\n'
        "    Stat blocks give each attack's average damage first, then its dice: "
        "*Hit:* 7 (1d8 + 3) piercing damage.\n", encoding="utf-8")
    return {"pages": sum(len(e) for e in entries.values()) + 1 + len(entries),
            "entry_pages": {s: len(e) for s, e in entries.items()},
            "words": words, "dice_expressions": dice_count}
