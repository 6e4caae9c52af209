"""OpenSpiel game parameters from the command line, for the scripts/openspiel-*.py tools."""


def add_param_option(parser):
    """Adds `--param K=V` (repeatable) to an argparse parser."""
    parser.add_argument("--param", action="append", default=[], metavar="K=V",
                        help="an OpenSpiel game parameter (a whole number, true or false), "
                             "repeatable: rows=10, swap=true")


def game_params(parser, params):
    """The `--param` texts as OpenSpiel's parameter dict; a bad one is the parser's error."""
    out = {}
    for p in params:
        key, sep, value = p.partition("=")
        if sep and value in ("true", "false"):
            out[key] = value == "true"
        elif sep and value.lstrip("-").isdigit():
            out[key] = int(value)
        else:
            parser.error(f"--param {p}: expected KEY=WHOLE_NUMBER or KEY=true|false")
    return out
