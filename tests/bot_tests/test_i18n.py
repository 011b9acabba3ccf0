"""The three catalogs agree: same keys, same placeholders, valid plurals, everything formats,
and no English is left in the Korean or the Spanish. The checks themselves are in
`support/i18n_checks.py`; `bot.texts.i18n` is only what the running bot needs.
"""

from __future__ import annotations

import ast as pyast
import asyncio
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel import Locale as BabelLocale
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor
from support.i18n_checks import catalog, extra_keys, leftover_english, message_ids, missing_keys, readable

from bot.edge.base.translator import FluentTranslator
from bot.texts import i18n

LANGS = i18n.SUPPORTED
OTHERS = tuple(lang for lang in LANGS if lang != i18n.DEFAULT)
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
SAMPLE_NUMBERS = (0, 1, 2, 5)

# Spanish messages allowed to read exactly like the English one: "normal" is a Spanish word too.
SAME_IN_SPANISH = {"choice-level-normal", "level-normal", "standings-points", "standings-buchholz", "standings-sb"}
_WORD = re.compile(r"[A-Za-z]{2,}")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


# ---- reading the catalogs with fluent.syntax -------------------------------------------------


def messages(lang: str) -> dict[str, ast.Message]:
    return catalog(lang).messages


def parts(message: ast.Message) -> dict[str, ast.Pattern]:
    """The value (under "") and each attribute (under ".name") of a message."""
    found = {"": message.value} if message.value is not None else {}
    found.update({f".{a.id.name}": a.value for a in message.attributes})
    return found


def variables(node: ast.BaseNode) -> set[str]:
    found: set[str] = set()

    class Collect(Visitor):
        def visit_VariableReference(self, node: ast.VariableReference) -> None:
            found.add(node.id.name)

    Collect().visit(node)
    return found


def selects(node: ast.BaseNode) -> list[ast.SelectExpression]:
    found: list[ast.SelectExpression] = []

    class Collect(Visitor):
        def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
            found.append(node)
            self.generic_visit(node)

    Collect().visit(node)
    return found


def texts(pattern: ast.Pattern) -> Iterator[str]:
    """Each run of literal text a reader can see, one per select variant (placeholders left out)."""
    line: list[str] = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            line.append(element.value)
        elif isinstance(element.expression, ast.SelectExpression):
            for variant in element.expression.variants:
                yield from texts(variant.value)
        elif isinstance(element.expression, ast.StringLiteral):
            line.append(element.expression.value)
        else:
            line.append(" ")
    yield "".join(line)


def key_variant_names(select: ast.SelectExpression) -> set[str]:
    return {v.key.name for v in select.variants if isinstance(v.key, ast.Identifier)}


def plural_categories(lang: str) -> set[str]:
    return set(BabelLocale.parse(lang).plural_form.tags) | {"other"}


def all_keys() -> list[str]:
    return sorted(set().union(*(message_ids(lang) for lang in LANGS)))


# ---- the catalogs as files ----------------------------------------------------------------------


def test_every_catalog_parses_without_junk_or_duplicates() -> None:
    i18n.reload()
    for lang in LANGS:
        cat = catalog(lang)
        assert cat.junk == (), f"{lang}: Fluent could not parse {cat.junk}"
        assert cat.duplicates == (), f"{lang}: keys defined twice {cat.duplicates}"


def test_every_language_has_the_same_files() -> None:
    for lang in OTHERS:
        assert i18n.resource_names(lang) == i18n.resource_names(i18n.DEFAULT), lang


def test_every_key_exists_in_all_three_catalogs() -> None:
    assert missing_keys() == {lang: [] for lang in OTHERS}
    assert extra_keys() == {lang: [] for lang in OTHERS}


def test_each_key_lives_in_the_same_file_in_every_language() -> None:
    english = catalog(i18n.DEFAULT).origin
    for lang in OTHERS:
        origin = catalog(lang).origin
        moved = {k: (english[k], origin[k]) for k in english.keys() & origin.keys() if english[k] != origin[k]}
        assert not moved, f"{lang}: keys in another file than in English {moved}"


def placeholder_problems() -> list[str]:
    """Korean or Spanish messages whose attributes or placeholders differ from the English."""
    english = messages(i18n.DEFAULT)
    problems: list[str] = []
    for lang in OTHERS:
        for key, message in messages(lang).items():
            if key not in english:
                continue
            ours, theirs = parts(english[key]), parts(message)
            if ours.keys() != theirs.keys():
                problems.append(f"{lang}/{key}: attributes {sorted(theirs)}, English has {sorted(ours)}")
            for part in ours.keys() & theirs.keys():
                found, wanted = sorted(variables(theirs[part])), sorted(variables(ours[part]))
                if found != wanted:
                    problems.append(f"{lang}/{key}{part}: {found}, English has {wanted}")
    return problems


def plural_names(pattern: ast.Pattern) -> set[str]:
    """The plural categories a pattern's selects name (selects on words, like a side's kind, left out)."""
    found: set[str] = set()
    for select in selects(pattern):
        names = key_variant_names(select)
        if names <= PLURAL_CATEGORIES:
            found |= names
    return found


def plural_problems() -> list[str]:
    """Variants that can never match (Korean has only `other`), and Spanish without a singular where English has one."""
    english = messages(i18n.DEFAULT)
    problems: list[str] = []
    for lang in LANGS:
        allowed = plural_categories(lang)
        for key, message in messages(lang).items():
            for part, pattern in parts(message).items():
                dead = plural_names(pattern) - allowed
                if dead:
                    problems.append(f"{lang}/{key}{part}: {sorted(dead)} never match in {lang}")
                source = parts(english[key]).get(part) if key in english else None
                singular = lang == "es" and source is not None and "one" in plural_names(source)
                if singular and "one" not in plural_names(pattern):
                    problems.append(f"es/{key}{part}: English has a singular, Spanish has none")
    return problems


def test_same_placeholders_and_attributes_in_every_language() -> None:
    assert placeholder_problems() == []


def test_plural_variants_use_the_language_own_categories() -> None:
    assert plural_problems() == []


def test_korean_plural_rules_really_have_one_form() -> None:
    """The premise of the test above, checked against CLDR through Babel (which Fluent uses)."""
    assert plural_categories("ko") == {"other"}
    assert {"one", "other"} <= plural_categories("es")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", [*SAMPLE_NUMBERS, "Ana", "김민준"])
def test_every_message_formats_without_errors(lang: str, value: object) -> None:
    bundle = i18n.bundle(lang)
    assert bundle.has_message("rulebook-title")  # the catalogs are really loaded
    for key, message in messages(lang).items():
        compiled = bundle.get_message(key)
        params = dict.fromkeys(set().union(*(variables(p) for p in parts(message).values())), value)
        patterns = {"": compiled.value} | {f".{name}": p for name, p in compiled.attributes.items()}
        for part, pattern in patterns.items():
            if pattern is None:
                continue
            text, errors = bundle.format_pattern(pattern, params)
            assert errors == [], f"{lang}/{key}{part} with {params}: {errors}"
            assert text.strip(), f"{lang}/{key}{part} is empty"
            assert "???" not in text and "{$" not in text and "{ $" not in text, f"{lang}/{key}{part}: {text!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_message_filled_in_without_fluent_reads_as_fluent_writes_it(lang: str) -> None:
    """`t` fills a message of only text and variables itself (Fluent's resolver is slow): for every such
    message, with names, tiles, mentions and numbers up to the digits' limit, it gives Fluent's text; a
    number Fluent writes with a group separator, a float, a date or a missing value still goes to Fluent."""
    bundle = i18n.bundle(lang)
    plain = {key: parts for key in messages(lang) if (parts := i18n._plain(bundle, key)) is not None}
    assert len(plain) > len(messages(lang)) * 0.8  # most messages are plain: the reason for the path
    for key, parts in plain.items():
        names = parts[1::2]
        for value in ("Ana", "보라", "<@123>", "3-5", "", 0, 7, -12, 999, -999):
            values = dict.fromkeys(names, value)
            fluent, errors = bundle.format_pattern(bundle.get_message(key).value, values)
            assert (i18n._filled(parts, values), errors) == (fluent, []), f"{lang}/{key} with {value!r}"
        for value in (1000, -1000, 1500.5, True):
            assert not names or i18n._filled(parts, dict.fromkeys(names, value)) is None, f"{lang}/{key}"
        assert not names or i18n._filled(parts, {}) is None
    assert i18n._plain(bundle, "no-such-message") is None


def english_problems(lang: str) -> list[str]:
    """Every message (each variant apart) of `lang` that still reads as English."""
    english = messages(i18n.DEFAULT)
    problems: list[str] = []
    for key, message in messages(lang).items():
        for part, pattern in parts(message).items():
            where = f"{lang}/{key}{part}"
            runs = list(texts(pattern))
            problems += [f"{where}: {found!r}" for run in runs for found in leftover_english(lang, run)]
            source = parts(english[key]).get(part) if key in english else None
            if source is None or not any(_WORD.search(readable(text)) for text in texts(source)):
                continue  # nothing to translate: a number, a tile, a name, an emoji
            if lang == "ko" and not any(_HANGUL.search(run) for run in runs):
                problems.append(f"{where}: no Hangul")
            if lang == "es" and key not in SAME_IN_SPANISH and runs == list(texts(source)):
                problems.append(f"{where}: the English text")
    return problems


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_is_left(lang: str) -> None:
    assert english_problems(lang) == []


def test_leftover_english_heuristic_catches_english_and_spares_names() -> None:
    assert leftover_english("ko", "Your turn: 타일을 고르세요") == ["Your turn"]
    assert leftover_english("ko", "**민준** 님이 3-5 타일을 놓았습니다.") == []
    assert leftover_english("ko", "정확히 61 파이브 업(Exact 61 Five Up), Kelley와 PUREMCO") == []
    assert leftover_english("ko", "<@123> 님, `/five-up hand` 로 보세요 <t:1700000000:R>") == []
    assert leftover_english("es", "Le toca a Ana: pick a tile") == ["tile"]
    assert leftover_english("es", "Robaste 3-5 del montón de robo.") == []
    assert leftover_english("ko", "Dark Knight 님 차례", names=("Dark Knight",)) == []
    assert leftover_english("en", "Your turn") == []


def test_english_problems_finds_an_untranslated_message(tiny_catalogs: Path) -> None:
    assert english_problems("ko") == []
    (tiny_catalogs / "ko" / "main.ftl").write_text(
        "hello = Hello, { $name }!\ntiles = { $n ->\n   *[other] { $n } 개\n}\n", encoding="utf-8"
    )
    (tiny_catalogs / "es" / "main.ftl").write_text(
        "hello = Hello, { $name }!\ntiles = { $n ->\n    [one] one tile\n   *[other] { $n } fichas\n}\n",
        encoding="utf-8",
    )
    i18n.reload()
    assert english_problems("ko") == ["ko/hello: no Hangul"]
    assert sorted(english_problems("es")) == ["es/hello: the English text", "es/tiles: 'tile'"]


def test_placeholder_and_plural_checks_find_mistakes(tiny_catalogs: Path) -> None:
    assert placeholder_problems() == [] and plural_problems() == []
    (tiny_catalogs / "ko" / "main.ftl").write_text(
        "hello = 안녕하세요, { $nom }님!\ntiles = { $n ->\n    [one] 타일 한 개\n   *[other] 타일 { $n }개\n}\n",
        encoding="utf-8",
    )
    (tiny_catalogs / "es" / "main.ftl").write_text(
        "hello = ¡Hola, { $name }!\n    .title = Saludo\ntiles = { $n } fichas\n", encoding="utf-8"
    )
    i18n.reload()
    assert placeholder_problems() == [
        "ko/hello: ['nom'], English has ['name']",
        "es/hello: attributes ['', '.title'], English has ['']",
    ]
    assert plural_problems() == [
        "ko/tiles: ['one'] never match in ko",
        "es/tiles: English has a singular, Spanish has none",
    ]


def test_the_seed_terms_are_used() -> None:
    """The words of the seed texts, not synonyms: a player who read the rules finds them again."""
    korean = " ".join(t for m in messages("ko").values() for p in parts(m).values() for t in texts(p))
    spanish = " ".join(t for m in messages("es").values() for p in parts(m).values() for t in texts(p))
    for term in ("스피너", "표시 점수", "원점수", "남은 타일 더미", "선공자", "라운드", "정산", "막힘", "파트너", "조"):
        assert term in korean, term
    for term in (
        "doble de ramificación",
        "puntos mostrados",
        "puntos brutos",
        "montón de robo",
        "quien abre",
        "ronda",
        "liquidación",
        "bloqueo",
        "compañero",
        "pareja",
    ):
        assert term in spanish, term


# ---- the functions the bot calls -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        *[("ko", "ko"), ("es-ES", "es"), ("es-419", "es"), ("en-US", "en"), ("en-GB", "en"), ("fr", "en")],
        *[("", "en"), (None, "en"), ("KO", "ko"), ("es_ES", "es")],
    ],
)
def test_pick_locale_maps_discord_locales_to_catalogs(value: object, lang: str) -> None:
    assert i18n.pick_locale(value) == lang


def test_pick_locale_accepts_discord_locale_values() -> None:
    import discord

    assert i18n.pick_locale(discord.Locale.korean) == "ko"
    assert i18n.pick_locale(discord.Locale.latin_american_spanish) == "es"
    assert i18n.pick_locale(discord.Locale.spain_spanish) == "es"
    assert i18n.pick_locale(discord.Locale.japanese) == "en"


@pytest.fixture
def tiny_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Three small catalogs in a temporary folder, so `t`'s fallbacks are tested on known text."""
    files = {
        "en": "hello = Hello, { $name }!\ntiles = { $n ->\n    [one] one tile\n   *[other] { $n } tiles\n}\n"
        "only-en = Only\n",
        "ko": "hello = 안녕하세요, { $name }님!\ntiles = 타일 { $n }개\n",
        "es": "hello = ¡Hola, { $name }!\ntiles = { $n ->\n    [one] una ficha\n   *[other] { $n } fichas\n}\n",
    }
    for lang, text in files.items():
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "main.ftl").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.reload()
    yield tmp_path
    monkeypatch.undo()
    i18n.reload()


def test_t_formats_in_the_reader_language_with_plurals(tiny_catalogs: Path) -> None:
    assert i18n.t("ko", "hello", name="민준") == "안녕하세요, 민준님!"
    assert i18n.t("es-419", "hello", name="Ana") == "¡Hola, Ana!"
    assert i18n.t("en-US", "hello", name="Ann") == "Hello, Ann!"
    assert [i18n.t("es", "tiles", n=n) for n in (0, 1, 2, 5)] == ["0 fichas", "una ficha", "2 fichas", "5 fichas"]
    assert [i18n.t("en", "tiles", n=n) for n in (1, 5)] == ["one tile", "5 tiles"]
    assert [i18n.t("ko", "tiles", n=n) for n in (1, 5)] == ["타일 1개", "타일 5개"]


def test_t_falls_back_to_english_then_to_the_key(tiny_catalogs: Path) -> None:
    assert i18n.t("ko", "only-en") == "Only"
    assert i18n.t("fr", "hello", name="Zoé") == "Hello, Zoé!"
    assert i18n.t("ko", "no-such-key") == "no-such-key"
    assert i18n.find("ko", "only-en") is None


def test_t_accepts_any_value_as_a_placeholder(tiny_catalogs: Path) -> None:
    class Player:
        def __str__(self) -> str:
            return "Mina"

    assert i18n.t("en", "hello", name=Player()) == "Hello, Mina!"
    assert i18n.t("en", "hello", name=True) == "Hello, True!"


def test_missing_keys_lists_what_korean_and_spanish_lack(tiny_catalogs: Path) -> None:
    assert missing_keys() == {"ko": ["only-en"], "es": ["only-en"]}
    assert extra_keys() == {"ko": [], "es": []}


def test_duplicates_and_junk_are_reported(tiny_catalogs: Path) -> None:
    (tiny_catalogs / "ko" / "more.ftl").write_text("hello = 또\nbroken =\n", encoding="utf-8")
    i18n.reload()
    cat = catalog("ko")
    assert cat.duplicates == ("more.ftl: hello",)
    assert len(cat.junk) == 1 and cat.junk[0].startswith("more.ftl:")
    assert i18n.t("ko", "hello", name="민준") == "안녕하세요, 민준님!"  # the first definition wins


# ---- the code asks only for keys that exist ------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
KEY_ARGUMENT = {"t": 1, "find": 1, "described": 0}  # function name -> position of the Fluent key


def keys_in_code() -> Iterator[tuple[str, str, bool]]:
    """(where, key or key prefix, is_prefix) for every catalog lookup written in bot/ (f-strings by prefix)."""
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for node in ast_walk(path):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            position = KEY_ARGUMENT.get(name or "")
            if position is None or len(node.args) <= position:
                continue
            argument = node.args[position]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if isinstance(argument, pyast.Constant) and isinstance(argument.value, str):
                yield where, argument.value, False
            elif isinstance(argument, pyast.JoinedStr) and isinstance(argument.values[0], pyast.Constant):
                yield where, str(argument.values[0].value), True


def ast_walk(path: Path) -> Iterator[pyast.Call]:
    for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, pyast.Call):
            yield node


def test_every_key_the_code_asks_for_is_in_the_catalogs() -> None:
    i18n.reload()
    english = message_ids(i18n.DEFAULT)
    found = list(keys_in_code())
    assert len(found) > 20, "the scan finds the bot's lookups"
    missing = [
        f"{where}: {key}{'…' if prefix else ''}"
        for where, key, prefix in found
        if (not any(k.startswith(key) for k in english) if prefix else key not in english)
    ]
    assert missing == []


def test_no_catalog_is_read_at_import() -> None:
    """Importing the bot reads no .ftl file: a catalog loads when one of its messages is first asked for."""
    code = (
        "import bot.edge.app, bot.host.manager, bot.demo, bot.edge.dynamic_items, bot.texts, bot.texts.i18n as i\n"
        "before = i.bundle.cache_info().currsize\n"
        "i.t('ko', 'lobby-left')\n"
        "print(before, i.bundle.cache_info().currsize)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert proc.stdout.split() == ["0", "1"]


def test_every_catalog_key_is_asked_for_by_the_code() -> None:
    """A message nobody asks for is dead text a translator still maintains (regression: board-title, choice-on,
    rules-page). Keys looked up by prefix (f"error-{code}") count for every key of that family."""
    i18n.reload()
    asked = list(keys_in_code())
    written = {  # keys the code picks before asking (`key = {...}.get(result)`, `"a" if x else "b"`)
        node.value
        for path in sorted((ROOT / "bot").rglob("*.py"))
        for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, pyast.Constant) and isinstance(node.value, str)
    }
    unused = sorted(
        key
        for key in message_ids(i18n.DEFAULT)
        if key not in written and not any(key == k or (prefix and key.startswith(k)) for _, k, prefix in asked)
    )
    assert unused == []


def test_the_refusal_of_a_broken_rule_has_one_text() -> None:
    """`error-rules` (any broken rule) says what `error-illegal-move` says, written once per language."""
    for lang in LANGS:
        rules = messages(lang)["error-rules"]
        (element,) = rules.value.elements
        assert isinstance(element.expression, ast.MessageReference), lang
        assert element.expression.id.name == "error-illegal-move"
        assert i18n.t(lang, "error-rules") == i18n.t(lang, "error-illegal-move")


def test_a_bot_start_rereads_the_catalogs_only_when_a_file_changed(tiny_catalogs: Path) -> None:
    """Each client start calls `refresh`: an unchanged catalog is not parsed again, an edited one is read."""
    first = i18n.bundle("es")
    asyncio.run(FluentTranslator().load())
    assert i18n.bundle("es") is first and i18n.t("es", "hello", name="Ana") == "¡Hola, Ana!"
    (tiny_catalogs / "es" / "main.ftl").write_text("hello = ¡Buenas, { $name }!\n", encoding="utf-8")
    asyncio.run(FluentTranslator().load())
    assert i18n.bundle("es") is not first and i18n.t("es", "hello", name="Ana") == "¡Buenas, Ana!"


def test_a_kept_parse_reads_as_the_file_and_an_edited_file_is_parsed_again(tmp_path, monkeypatch) -> None:
    """The catalogs' parse kept between processes (i18n.parsed) never serves a file's old words."""
    from fluent.runtime import FluentBundle
    from fluent.syntax.ast import Resource

    from bot.texts import i18n

    monkeypatch.setattr(i18n, "PARSED_DIR", tmp_path / "kept")
    catalog = tmp_path / "en" / "words.ftl"
    catalog.parent.mkdir()
    catalog.write_text("hello = Hello, { $name }!\n", encoding="utf-8")

    def said(resource: Resource) -> str:
        bundle = FluentBundle(["en"], use_isolating=False)
        bundle.add_resource(resource)
        return bundle.format_pattern(bundle.get_message("hello").value, {"name": "Ana"})[0]

    assert said(i18n.parsed(catalog)) == "Hello, Ana!"  # parsed, then kept
    assert len(list((tmp_path / "kept").glob("ftl-en-words-*.pickle"))) == 1
    assert said(i18n.parsed(catalog)) == "Hello, Ana!"  # read from what was kept
    catalog.write_text("hello = ¡Hola, { $name }!\n", encoding="utf-8")
    assert said(i18n.parsed(catalog)) == "¡Hola, Ana!"
    for kept in (tmp_path / "kept").glob("*.pickle"):
        kept.write_bytes(b"not a parse")
    assert said(i18n.parsed(catalog)) == "¡Hola, Ana!"  # a damaged kept file is parsed again
    real = i18n.LOCALES_DIR / "en" / "admin.ftl"
    i18n.parsed(real)
    assert i18n.parsed(real).equals(i18n.FluentResource(real.read_text(encoding="utf-8")))  # kept == parsed
