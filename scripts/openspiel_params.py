"""OpenSpiel game parameters from the command line, for the scripts/openspiel-*.py tools."""


def add_param_option(parser):
    """Adds `--param K=V` (repeatable) to an argparse parser."""
    parser.add_argument("--param", action="append", default=[], metavar="K=V",
                        help="an OpenSpiel game parameter (whole numbers), repeatable: rows=10")


def game_params(parser, params):
    """The `--param` texts as OpenSpiel's parameter dict; a bad one is the parser's error."""
    out = {}
    for p in params:
        key, sep, value = p.partition("=")
        if not sep or not value.lstrip("-").isdigit():
            parser.error(f"--param {p}: expected KEY=WHOLE_NUMBER")
        out[key] = int(value)
    return out
