"""What the agent host (python/python_agent.cc) reads of a Python agent class.

A Python agent is a class with ``act(state, budget) -> action`` and optionally
``init(state, budget)`` and ``result(state)``, constructed as ``Class(seed=..., **options)``.
Its options are the class attribute ``options``: a dict from each key to its default, or to a
tuple ``(default, help)`` or ``(default, help, domain)``, where the domain is a ``(low, high)``
range for a number and a list of choices for a string. The default's type is the option's
type (bool, int, float or str). ``name`` and ``paper`` are optional class attributes; the
summary is the first line of the class's docstring.
"""
import dataclasses
import importlib.util
import inspect
import os
import sys


@dataclasses.dataclass
class Option:
    key: str
    type: str
    default: str
    help: str
    range: list
    choices: list


@dataclasses.dataclass
class Described:
    cls: type
    name: str
    summary: str
    paper: str
    options: list


def load_class(path, class_name):
    """The class `class_name` of the Python file `path`, imported as a module of its own."""
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no Python file '{path}'")
    folder = os.path.dirname(os.path.abspath(path))
    if folder not in sys.path:
        sys.path.insert(0, folder)  # so that the agent can import the files beside it
    module_name = "vgdl_agent_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    cls = getattr(module, class_name, None)
    if not inspect.isclass(cls):
        classes = [n for n, v in vars(module).items()
                   if inspect.isclass(v) and v.__module__ == module_name]
        raise AttributeError(f"'{path}' has no class '{class_name}' (classes: "
                             f"{', '.join(classes) or 'none'})")
    if not callable(getattr(cls, "act", None)):
        raise TypeError(f"class '{class_name}' has no act(state, budget) method")
    return cls


def _type_name(value):
    # bool before int: True is an int in Python.
    for t in (bool, int, float, str):
        if isinstance(value, t):
            return t.__name__
    raise TypeError(f"an option's default is a bool, int, float or str, not {value!r}")


def _text(value):
    """An option value as `vgdl run` specs write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def option(key, declared):
    """One entry of the class's `options` as an Option."""
    if not isinstance(declared, tuple):
        declared = (declared,)
    if not 1 <= len(declared) <= 3:
        raise ValueError(f"option '{key}': give default, (default, help) or "
                         f"(default, help, domain)")
    default = declared[0]
    help_text = declared[1] if len(declared) > 1 else ""
    domain = declared[2] if len(declared) > 2 else None
    kind = _type_name(default)
    numeric_range, choices = [], []
    if domain is not None:
        if kind in ("int", "float") and len(domain) == 2:
            numeric_range = [float(domain[0]), float(domain[1])]
        elif kind == "str":
            choices = [str(c) for c in domain]
        else:
            raise ValueError(f"option '{key}': a domain is (low, high) for a number, a list "
                             f"of choices for a string")
    return Option(str(key), kind, _text(default), str(help_text), numeric_range, choices)


def describe(path, class_name):
    cls = load_class(path, class_name)
    doc = inspect.getdoc(cls) or ""
    options = [option(k, v) for k, v in dict(getattr(cls, "options", {})).items()]
    return Described(cls=cls, name=str(getattr(cls, "name", cls.__name__)),
                     summary=doc.splitlines()[0] if doc else "",
                     paper=str(getattr(cls, "paper", "")), options=options)
