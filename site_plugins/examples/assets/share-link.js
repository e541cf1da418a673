// Links to a roll: the faces of some cards (or a roller's values and faces) in the URL
// fragment. Transport only: the fragment is parsed into small integers and names, bounded in
// size, and handed to the engine, which replays the faces through the rules; nothing read
// from a URL is ever evaluated or written into the page as HTML.
//
//   #roll=<card id>:<faces>/<faces>;<card id>:<faces>     faces: "6,6,5" (one rolled() call);
//                                                         a card id alone: a card that rolled nothing
//   #roller=<field>:<value>,<field>:<value>;dice=<faces>

export const LIMITS = Object.freeze({
  length: 4000, // characters of the whole fragment
  cards: 200, // cards named in one link
  rolls: 100, // rolled() calls of one card
  faces: 2000, // faces in the whole link
  face: 1000, // highest face (a d1000)
  fields: 20, // a roller's fields
  value: 40, // characters of one roller value
});

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const FACE = /^[0-9]{1,4}$/;
const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const VALUE = /^[A-Za-z0-9 ._+-]{0,40}$/;

export class LinkError extends Error {}

function faceList(text, counter) {
  if (text === "") return [];
  return text.split(",").map((face) => {
    if (!FACE.test(face)) throw new LinkError(`“${face.slice(0, 12)}” is not a face of a die`);
    const value = Number(face);
    if (value < 1 || value > LIMITS.face) throw new LinkError(`${value} is not a face of a die`);
    if (++counter.faces > LIMITS.faces) throw new LinkError(`it names more than ${LIMITS.faces} faces`);
    return value;
  });
}

function checkLength(fragment) {
  if (fragment.length > LIMITS.length) {
    throw new LinkError(`it is ${fragment.length} characters long, more than ${LIMITS.length}`);
  }
}

// The fragment of an address, percent-decoded; a link of `kind` ("roll=", "roller=") whose
// encoding is broken (a "%" not followed by two hex digits of UTF-8) is a LinkError; any
// other fragment that cannot be decoded is no link of ours (null).
function decodedFragment(hash, kind) {
  const raw = String(hash).replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    if (raw.startsWith(kind)) {
      throw new LinkError("its address is garbled (a “%” that starts no character): it may have been cut short when it was copied");
    }
    return null;
  }
}

// "#roll=a:6,6,5/3;b:1" → Map(id → [[6,6,5],[3]]), or null when the fragment is no roll link.
export function parseRollLink(hash) {
  const fragment = decodedFragment(hash, "roll=");
  if (fragment === null || !fragment.startsWith("roll=")) return null;
  checkLength(fragment);
  const cards = new Map();
  const counter = { faces: 0 };
  for (const entry of fragment.slice(5).split(";").filter(Boolean)) {
    const colon = entry.indexOf(":");
    const id = colon < 0 ? entry : entry.slice(0, colon);
    if (!ID.test(id)) throw new LinkError(`“${id.slice(0, 24)}” is not the id of an example`);
    if (cards.has(id)) throw new LinkError(`it names the example “${id}” twice`);
    const rolls = colon < 0 ? [] : entry.slice(colon + 1).split("/"); // "id" alone: no rolls
    if (rolls.length > LIMITS.rolls) throw new LinkError(`it names more than ${LIMITS.rolls} rolls for “${id}”`);
    cards.set(id, rolls.map((roll) => faceList(roll, counter)));
    if (cards.size > LIMITS.cards) throw new LinkError(`it names more than ${LIMITS.cards} examples`);
  }
  if (!cards.size) throw new LinkError("it names no example");
  return cards;
}

export function rollLink(cards) {
  const entries = [...cards].map(([id, rolls]) => (rolls.length
    ? `${id}:${rolls.map((r) => r.join(",")).join("/")}` : id));
  return `#roll=${entries.join(";")}`;
}

// "#roller=pool:5,tn:8;dice=10,3" → {values: {pool: "5", tn: "8"}, dice: [10, 3]}, or null.
export function parseRollerLink(hash) {
  const fragment = decodedFragment(hash, "roller=");
  if (fragment === null || !fragment.startsWith("roller=")) return null;
  checkLength(fragment);
  const [valuesPart, dicePart = ""] = fragment.slice(7).split(";dice=");
  const values = {};
  const pairs = valuesPart.split(",").filter(Boolean);
  if (pairs.length > LIMITS.fields) throw new LinkError(`it sets more than ${LIMITS.fields} fields`);
  for (const pair of pairs) {
    const [name, value = ""] = pair.split(":");
    if (!NAME.test(name)) throw new LinkError(`“${name.slice(0, 24)}” is not a field of the roller`);
    if (!VALUE.test(value)) throw new LinkError(`the value of ${name} is not one the roller takes`);
    values[name] = value;
  }
  return { values, dice: faceList(dicePart, { faces: 0 }) };
}

export function rollerLink(values, dice) {
  const pairs = Object.entries(values).map(([name, value]) => `${name}:${value}`);
  return `#roller=${pairs.join(",")};dice=${dice.join(",")}`;
}

// The fragment as an address a reader can copy: this page, without any earlier fragment.
export function linkURL(fragment) {
  return `${location.href.split("#")[0]}${fragment}`;
}
