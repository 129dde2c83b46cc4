# rec.py: a program for tests/oracles/reconcile.sh, run by python3 under callgrind:
# a recursive function, so that the interpreter's functions recurse too
# (callgrind's --separate-recs names their levels f'2).
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(12))
