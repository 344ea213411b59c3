"""Typer's checking of each value, without loading pydantic for the values that need none.

Typer checks every parameter of the command that runs with a pydantic TypeAdapter, built when the
command starts: loading pydantic and building the adapters costs a command more than its own work
(`calc`, or a listing). Here a text value (or a list of them) given as text is taken as it is, which is
all the adapter does with it, and a parameter left out (None) needs no adapter either; any other value
goes through Typer's own adapter, built when first needed, so every message and conversion stays Typer's.
The one exception: a whole number (`int`) typed as text is read by `values.whole`, whose refusal names
the option or argument, what was typed and what is accepted (Typer's said "Input should be a valid
integer, unable to parse string as an integer"). Typer releases without this machinery are left as they
are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

try:  # Typer's runtime coercion (the releases that check values with pydantic)
    from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
    from typer.core import _TyperParameter
except ImportError:  # pragma: no cover - an older Typer: nothing to defer
    RuntimeParam = None  # type: ignore[assignment,misc]

if TYPE_CHECKING:
    from typer._click.core import Command, Context


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class _Deferred(RuntimeParam):
        """A text passes as it is; anything else goes through Typer's adapter, built when first needed."""

        descriptor: TypeDescriptor = field(default=None)  # type: ignore[assignment]
        text: bool = False  # the annotation is `str`
        texts: bool = False  # the annotation is `list[str]`
        whole: bool = False  # the annotation is `int`: typed text is read by `values.whole`
        full: list[Any] = field(default_factory=list)  # Typer's own runtime parameter, once built

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.text and type(value) is str:
                return value
            if self.whole and type(value) is str:
                from .values import whole

                low, high = self.parameter_info.min, self.parameter_info.max
                return whole(
                    value,
                    named(param),
                    None if low is None else int(low),
                    None if high is None else int(high),
                )
            if self.texts and isinstance(value, list | tuple) and all(type(v) is str for v in value):
                return list(value)
            if not self.full:
                self.full.append(build_runtime_param(self.descriptor))
            return self.full[0]._coerce_value(value, param, ctx)


def named(param: Any) -> str:  # a click parameter
    """A parameter as a message names it: an option by its long flag (`--copies`), an argument by its name
    in capitals, as the commands' help writes them (`AWAY`)."""
    flags = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
    if getattr(param, "param_type_name", "") == "option" and flags:
        return str(max(flags, key=len))
    return str(param.name or "the value").upper()


def defer_checks(command: Command, ctx: Context, *, subcommands: bool = True) -> None:
    """Give every parameter of `command` (its help option too, and those of its sub-commands) the
    deferred check, before it runs."""
    if RuntimeParam is None:
        return
    help_option = command.get_help_option(ctx)
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        if isinstance(param, _TyperParameter) and getattr(param, "_runtime_param", 0) is None:
            desc = param.type_descriptor
            info = desc.parameter_info
            plain = info.parser is None and not desc.is_file and desc.choices is None and not desc.is_path
            annotation = desc.annotation
            counted = getattr(info, "count", False)  # `-vvv`: Typer counts it, nothing is typed
            param._runtime_param = _Deferred(
                parameter_info=info,
                annotation=annotation,
                descriptor=desc,
                text=plain and annotation is str,
                texts=plain and desc.is_list and getattr(annotation, "__args__", None) == (str,),
                whole=plain and annotation is int and not counted,
            )
    if subcommands:
        for sub in getattr(command, "commands", {}).values():
            defer_checks(sub, ctx)
