"""Reads the assertions of a Python test file (internetarchive/surt's tests/test_surt.py,
scrapy/w3lib's tests/test_url.py) as data: every `assert f(args) == expected` and
`self.assertEqual(f(args), expected)` whose arguments are literals, parametrized tests expanded.
Prints them as JSON: [{"test", "call", "args", "kwargs", "expected"}]; bytes are written as
{"bytes": latin-1 text}. The code of the tests is not kept, only their inputs and answers.

    python3 scripts/canon/suites.py FILE > test/fixtures/canon/….json
"""
import ast
import json
import sys


def dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return None if inner is None else inner + '.' + node.attr
    if isinstance(node, ast.Call):
        # handyurl.parse("x").geturl() and X.canonicalize(handyurl.parse("x")).getURLString()
        inner = dotted(node.func)
        if inner is None:
            return None
        return inner + '(…)'
    return None


def plain(v):
    if isinstance(v, bytes):
        return {'bytes': v.decode('latin-1')}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    return v


class Subst(ast.NodeTransformer):
    def __init__(self, values):
        self.values = values

    def visit_Name(self, node):
        if node.id in self.values:
            return ast.Constant(self.values[node.id])
        return node


def innermost_call(node):
    """The call whose arguments are the inputs: for a chain, the first call with literal arguments."""
    while isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Call) and not node.args and not node.keywords:
            node = node.func.value
            continue
        return node
    return None


def record(test, call_node, expected_node, out):
    call = innermost_call(call_node)
    if call is None:
        return
    try:
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
        expected = ast.literal_eval(expected_node)
    except Exception:
        # a nested call (X.canonicalize(handyurl.parse("…"))): keep its inner literal
        if len(call.args) == 1 and isinstance(call.args[0], ast.Call) and not call.keywords:
            inner = call.args[0]
            try:
                args = [ast.literal_eval(a) for a in inner.args]
                kwargs = {}
                expected = ast.literal_eval(expected_node)
            except Exception:
                return
            out.append({'test': test, 'call': ast.unparse(call_node.func) if False else dotted(call_node) + ' of ' + dotted(inner.func), 'args': plain(args), 'kwargs': kwargs, 'expected': plain(expected)})
        return
    out.append({'test': test, 'call': dotted(call_node), 'args': plain(args), 'kwargs': plain(kwargs), 'expected': plain(expected)})


def params_of(fn):
    for d in fn.decorator_list:
        if isinstance(d, ast.Call) and dotted(d.func) == 'pytest.mark.parametrize':
            names = [n.strip() for n in ast.literal_eval(d.args[0]).split(',')]
            try:
                rows = ast.literal_eval(d.args[1])
            except Exception:
                return []
            return [dict(zip(names, r if len(names) > 1 else (r,))) for r in rows]
    return [{}]


def walk(fn, out, prefix=''):
    for values in params_of(fn):
        body = Subst(values).visit(ast.parse(ast.unparse(fn)))
        for node in ast.walk(body):
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1 and isinstance(node.test.ops[0], ast.Eq):
                record(prefix + fn.name, node.test.left, node.test.comparators[0], out)
            elif isinstance(node, ast.Call) and dotted(node.func) == 'self.assertEqual' and len(node.args) >= 2:
                record(prefix + fn.name, node.args[0], node.args[1], out)


def main():
    tree = ast.parse(open(sys.argv[1], encoding='utf-8').read())
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith('test'):
            walk(node, out)
        elif isinstance(node, ast.ClassDef):
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and f.name.startswith('test'):
                    walk(f, out, node.name + '.')
    json.dump(out, sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write('\n')


main()
