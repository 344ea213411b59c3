"""Paper templates read from their files: the shipped ones (`parlaycards/templates/`), a user's own in
`./templates/`, or a file passed by path. Each is bounded (size, UTF-8, depth) by `io.limits` and handed
to `layout.templates` as data."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..core.errors import ParlayError
from ..layout.templates import Template, template_from
from .limits import MAX_TOML_BYTES, load_toml, read_bounded

USER_DIR = Path("templates")


def parse_template(text: str | bytes, source: str) -> Template:
    """TOML text (or a file's bytes) as a template; every problem is named with its field."""
    return template_from(load_toml(text.encode("utf-8") if isinstance(text, str) else text, source), source)


def shipped_texts() -> dict[str, str]:
    out = {}
    folder = resources.files("parlaycards") / "templates"
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".toml"):
            out[entry.name.removesuffix(".toml")] = entry.read_text(encoding="utf-8")
    return out


def list_templates(user_dir: Path = USER_DIR) -> list[Template]:
    """Shipped templates, then the user's own from ./templates/ (a user's file of the same name wins).
    A user's file that is not a valid template is left out (`skipped_templates` names it and why)."""
    found: dict[str, Template] = {}
    for name, text in shipped_texts().items():
        found[name] = parse_template(text, f"{name} (shipped)")
    for path in _user_files(user_dir):
        try:
            t = _read_own(path)
        except ParlayError:
            continue
        found[t.name] = t
    return list(found.values())


def skipped_templates(user_dir: Path = USER_DIR) -> list[ParlayError]:
    """Why each file in ./templates/ that is not a valid template was left out."""
    out = []
    for path in _user_files(user_dir):
        try:
            _read_own(path)
        except ParlayError as exc:
            out.append(exc)
    return out


def _user_files(user_dir: Path) -> list[Path]:
    try:
        return sorted(p for p in user_dir.glob("*.toml") if p.is_file()) if user_dir.is_dir() else []
    except OSError:
        return []


def _read_template(path: Path) -> Template:
    return parse_template(read_bounded(path, MAX_TOML_BYTES, "templates"), str(path))


def _read_own(path: Path) -> Template:
    """A template of ./templates/: its name must be its file's, or it could take a shipped template's
    place in silence (letter-2up.toml copied as bar-printer.toml, name unchanged)."""
    t = _read_template(path)
    if t.name != path.stem:
        clash = f" (the name of the shipped template {t.name})" if t.name in shipped_texts() else ""
        raise ParlayError(
            f'{path} says name = "{t.name}"{clash}, but its file is named {path.name}: a '
            f"template's name and its file must agree. Change the name line to "
            f'name = "{path.stem}" (or make copies with `parlaycards templates copy '
            f"{t.name} {path.stem}`)."
        )
    return t


SHIPPED_NOTE = "Shipped templates are not changed; copy one and change the copy."


def shipped_names() -> tuple[str, ...]:
    return tuple(shipped_texts())


def template_text(name: str, user_dir: Path = USER_DIR) -> str:
    """The TOML of template `name`: the user's own file, else the shipped one."""
    own = user_dir / f"{name}.toml"
    if own.is_file():
        data = read_bounded(own, MAX_TOML_BYTES, "templates")
        parse_template(data, str(own))  # bounded and UTF-8 before it is text
        return data.decode("utf-8")
    load_template(name, user_dir)  # names the templates there are when there is no such one
    return shipped_texts()[name]


def _is_path(text: str) -> bool:
    return text.endswith(".toml") or "/" in text or "\\" in text


def reference(name_or_path: str | Path, template: Template) -> str:
    """What a print batch records to find its template again (a scan, a reprint): the name of a
    shipped or user template, or the absolute path of a template file given by path."""
    text = str(name_or_path)
    return str(Path(text).resolve()) if _is_path(text) else template.name


def load_template(name_or_path: str | Path, user_dir: Path = USER_DIR) -> Template:
    """A template by name (`letter-2up`) or by path (`my-stock.toml`)."""
    text = str(name_or_path)
    if _is_path(text):
        path = Path(text)
        if not path.is_file():
            raise ParlayError(
                f"{path}: no such template file. Pass a .toml file or a template name "
                "(see `parlaycards templates`)."
            )
        return _read_template(path)
    for t in reversed(list_templates(user_dir)):
        if t.name == text:
            return t
    own = user_dir / f"{text}.toml"
    if own.is_file():  # the user's file of that name is broken: say why, not "no such template"
        _read_own(own)
    names = ", ".join(t.name for t in list_templates(user_dir))
    skipped = "".join(f" Left out: {e.message}" for e in skipped_templates(user_dir))
    raise ParlayError(
        f'there is no template "{text}". Templates: {names}. '
        f"Add your own as templates/NAME.toml or pass ⟨template⟩ path.toml.{skipped}"
    )
