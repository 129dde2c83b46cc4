#!/usr/bin/python3
"""bench/tui.py: times the keys of cgannotate --tui through tmux, the
terminal emulator, driven in its control mode; bench/tui.sh runs it.

What a figure is.  For each key: the time from the moment this script
writes `send-keys` to tmux (time.monotonic(), just before the write) to
the moment it reads tmux's last %output notification for the pane
before the screen settled.  tmux sends %output as it reads the
program's bytes from the pty (the same callback then parses them into
the pane's grid), so the figure holds: tmux reading and carrying out
send-keys, writing the key to the pty, cgannotate reading it, doing the
work, drawing and writing the screen, tmux reading those bytes, and
the notification reaching this script through a pipe and its reader
thread.  Nothing is subtracted.

"Settled": after the key, at least one %output arrived, then none for
QUIET ms (not counted: the figure ends at the last output before the
quiet), and then `capture-pane` shows the state the key is meant to
reach (the screen differs from the one before the key, or holds what
the key must bring: "(filtering...)" gone, the flame's stacks drawn).
If output arrived while capturing, or the state is not reached yet,
it waits for more output and looks again.  capture-pane's own time
(a round trip of a few hundred microseconds in control mode, several
ms as a separate `tmux capture-pane` process) is never inside a
figure: it runs only after the quiet period, and before the next key.

Control mode rather than polling capture-pane: polling every 2 ms
would add up to 2 ms plus a capture's time to every figure, and would
see a screen that changes in several writes as settled too early or
too late; the %output times are those of the writes themselves.

Besides the settled time, "first" is the time of the first %output
after the key: when the key answered (the filter's first slice, the
flame pane's "building the stacks" before its thread is done).

The keys, in this order in each run of the program (--reps times
each): Down, PgDn, End and Home; i (the list sorted again, inclusive
then self); s (sorted again by the next event: with one event the
screen does not change, so a Down goes with it and the figure is both);
/ then --search typed a character at a time (each searches from where /
began), Enter; n; a search typed that is found nowhere (--missing: its
last character tries every row); \ then --regex typed, Enter (until
"(filtering...)" is gone, and its first output), \ and Backspaces to
empty it, Enter; Enter on a function, Tab to its source, Tab to its
asm, Backspace three times, on successive functions (no pane's cache
helps); 5, the flame pane, the first time (its stacks built by a
thread: its first output and the stacks drawn), then again on other
functions.  With --sources, the profile's source files are found (see
stand_ins), so that the source pane annotates a file rather than says
it is not found.

usage: tui.py [options] PROFILE
"""
import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time


class Ctl:
    """A tmux control-mode client: commands one at a time, and the
    monotonic times at which %output notifications were read."""

    def __init__(self, tmux, sock, session):
        self.p = subprocess.Popen([tmux, '-L', sock, '-C', 'attach', '-t',
                                   session], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, bufsize=0)
        self.cv = threading.Condition()
        self.outs = []          # times of %output lines
        self.blocks = []        # (error, lines) of each command's reply
        self.exited = False
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()
        self._reply(10)         # the attach's own %begin/%end

    def _read(self):
        fd = self.p.stdout.fileno()
        buf = b''
        cur = None
        num = None
        while True:
            data = os.read(fd, 1 << 16)
            now = time.monotonic()
            with self.cv:
                if not data:
                    self.exited = True
                    self.cv.notify_all()
                    return
                buf += data
                lines = buf.split(b'\n')
                buf = lines.pop()
                for ln in lines:
                    if cur is not None:
                        w = ln.split(b' ')
                        if (w[0] in (b'%end', b'%error') and len(w) >= 3
                                and w[2] == num):
                            self.blocks.append((w[0] == b'%error', cur))
                            cur = None
                        else:
                            cur.append(ln.decode('utf-8', 'replace'))
                    elif ln.startswith(b'%begin '):
                        cur = []
                        num = ln.split(b' ')[2]
                    elif ln.startswith(b'%output ') or \
                            ln.startswith(b'%extended-output '):
                        self.outs.append(now)
                    elif ln.startswith(b'%exit'):
                        self.exited = True
                self.cv.notify_all()

    def send(self, cmd):
        """Writes a command; returns the time just before the write."""
        t0 = time.monotonic()
        os.write(self.p.stdin.fileno(), cmd.encode() + b'\n')
        return t0

    def _reply(self, timeout):
        end = time.monotonic() + timeout
        with self.cv:
            while not self.blocks:
                if self.exited:
                    raise RuntimeError('tmux control client exited')
                left = end - time.monotonic()
                if left <= 0:
                    raise RuntimeError('tmux did not answer a command')
                self.cv.wait(left)
            err, lines = self.blocks.pop(0)
        if err:
            raise RuntimeError('tmux: ' + ' '.join(lines))
        return lines

    def cmd(self, cmd, timeout=10):
        self.send(cmd)
        return self._reply(timeout)

    def close(self):
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def tmux_quote(s):
    """s as one word of a tmux command."""
    if "'" not in s:
        return "'%s'" % s
    return '"%s"' % re.sub(r'([\\"$~])', r'\\\1', s)


def has(scr, text):
    return any(text in ln for ln in scr)


ESC = re.compile(r'\x1b\[[0-9;:]*[A-Za-z]|\x1b[()][A-Za-z0-9]')


class Screen(list):
    """Plain lines (for what a key must bring), compared with their
    attributes (for whether the screen changed)."""

    def __init__(self, raw):
        super().__init__(ESC.sub('', ln) for ln in raw)
        self.raw = raw

    def __eq__(self, other):
        return self.raw == other.raw

    def __ne__(self, other):
        return not self == other


class Bench:
    def __init__(self, a):
        self.a = a
        self.tmux = a.tmux
        self.sock = a.socket
        self.quiet = a.quiet_ms / 1000.0
        self.samples = {}       # label -> [(first, settled)]
        self.order = []
        self.firsts = set()     # labels whose first output is a row too
        self.shots = 0
        self.ctl = None
        self.target = None
        self.log = open(a.log, 'a') if a.log else None

    # -- tmux -----------------------------------------------------------
    def tm(self, *args):
        return subprocess.run([self.tmux, '-L', self.sock] + list(args),
                              stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)

    def no_server(self):
        """This socket's server ended (a client started while it was
        ending would say "server exited unexpectedly")."""
        for _ in range(100):
            self.tm('kill-server')
            r = self.tm('list-sessions')
            if r.returncode != 0 and ('no server' in r.stderr or
                                      'error connecting' in r.stderr):
                return
            time.sleep(0.05)
        raise RuntimeError('tmux -L %s: the server does not end' % self.sock)

    def start(self):
        self.no_server()
        env = 'env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color'
        inc = ' -I ' + shlex.quote(self.a.include) if self.a.include else ''
        cmd = 'exec %s %s --tui%s %s' % (env, shlex.quote(self.a.cgannotate),
                                         inc, shlex.quote(self.a.profile))
        w, h = self.a.size.split('x')
        for attempt in range(3):
            t0 = time.monotonic()
            r = self.tm('-f', '/dev/null', 'new-session', '-d', '-s',
                        'bench', '-x', w, '-y', h, cmd, ';',
                        'set', '-g', 'window-size', 'manual', ';',
                        'set', '-g', 'status', 'off', ';',
                        'set', '-g', 'remain-on-exit', 'on')
            if r.returncode == 0:
                break
            print('tui.py: tmux new-session: ' + r.stderr.strip(),
                  file=sys.stderr)
            self.no_server()
        else:
            raise RuntimeError('tmux new-session: ' + r.stderr.strip())
        self.ctl = Ctl(self.tmux, self.sock, 'bench')
        self.target = self.ctl.cmd("display -p '#{pane_id}'")[0]
        self.pid = int(self.ctl.cmd("display -p -t %s '#{pane_pid}'" %
                                    self.target)[0])
        size = self.ctl.cmd("display -p -t %s '#{pane_width}x#{pane_height}'"
                            % self.target)[0]
        if size != self.a.size:
            raise RuntimeError('pane is %s, not %s' % (size, self.a.size))
        # Loaded: the tabs' row and the list's heading drawn.
        first, last, _ = self.settle(
            0, t0, lambda b, s: len(s) > 3 and '| sort:' in s[2] and
            'file:function' in s[3], timeout=self.a.load_timeout)
        self.add('load (from the start to the first screen)', first, last)

    def stop(self):
        if self.ctl is not None:
            try:
                self.ctl.send("send-keys -t %s q" % self.target)
                time.sleep(0.2)
            except OSError:
                pass
            self.ctl.close()
            self.ctl = None
        self.no_server()

    def capture(self):
        """The screen as (lines with their attributes' escapes, plain
        lines): a move of the selection changes the attributes only."""
        raw = self.ctl.cmd('capture-pane -p -e -t %s' % self.target)
        return Screen(raw)

    # -- measuring -------------------------------------------------------
    def settle(self, mark, t0, pred, before=None, timeout=60.0):
        """Waits for the screen to settle in the state pred accepts;
        returns (first, last, screen): the times of the first and the
        last %output after mark, from t0."""
        ctl = self.ctl
        deadline = t0 + timeout
        need = mark             # outputs to exceed before looking
        while True:
            with ctl.cv:
                while True:
                    n = len(ctl.outs)
                    now = time.monotonic()
                    if ctl.exited:
                        raise RuntimeError('the pane is gone')
                    if n > need:
                        wait = ctl.outs[-1] + self.quiet - now
                        if wait <= 0:
                            break
                    else:
                        wait = deadline - now
                        if wait <= 0:
                            raise TimeoutError('no settled screen')
                    ctl.cv.wait(wait)
                seen = n
            scr = self.capture()
            with ctl.cv:
                moved = len(ctl.outs) != seen
                first = ctl.outs[mark] - t0
                last = ctl.outs[seen - 1] - t0
            if moved:
                continue        # output while capturing: look again
            if pred(before, scr):
                return first, last, scr
            if time.monotonic() > deadline:
                raise TimeoutError('screen never as expected:\n' +
                                   '\n'.join(scr))
            need = seen

    def key(self, label, keys, pred=None, literal=False, timeout=60.0,
            answer=False):
        """Sends keys (tmux key names, or literal text) and times them;
        label None: done, not recorded.  answer: the time of the first
        output is a row of its own."""
        if pred is None:
            def pred(b, s):
                return b != s
        before = self.capture()
        with self.ctl.cv:
            mark = len(self.ctl.outs)
        if literal:
            arg = '-l ' + tmux_quote(keys)
        else:
            arg = keys
        t0 = self.ctl.send('send-keys -t %s %s' % (self.target, arg))
        self.ctl._reply(10)
        first, last, scr = self.settle(mark, t0, pred, before, timeout)
        if label is not None:
            if answer:
                self.firsts.add(label)
            if label not in self.samples and self.a.screens:
                self.shot(label, scr)
            self.add(label, first, last)
        return scr

    def shot(self, label, scr):
        """The settled screen of a label's first sample, to look at."""
        os.makedirs(self.a.screens, exist_ok=True)
        self.shots += 1
        name = '%02d-%s.txt' % (self.shots, re.sub(r'[^A-Za-z0-9]+', '-',
                                                   label).strip('-')[:60])
        with open(os.path.join(self.a.screens, name), 'w') as f:
            f.write('%s\n%s\n' % (label, '\n'.join(scr)))

    def add(self, label, first, last):
        if label not in self.samples:
            self.samples[label] = []
            self.order.append(label)
        self.samples[label].append((first, last))
        if self.log:
            self.log.write('%s\t%.3f\t%.3f\n' % (label, first * 1e3,
                                                 last * 1e3))
            self.log.flush()

    def top(self):
        """The list's first row selected, whatever was (End, then Home:
        each changes the screen)."""
        self.key(None, 'End')
        self.key(None, 'Home')

    # -- the keys --------------------------------------------------------
    def session(self):
        a = self.a
        r = a.reps
        self.start()
        for _ in range(r):
            self.key('Down', 'Down')
        for _ in range(r):
            self.key('PgDn', 'NPage')
        for _ in range(r):
            self.key('End (to the last of every row)', 'End')
            self.key('Home', 'Home')

        def tabs(word):
            return lambda b, s: re.search(r'sort: \S+ ' + word, s[2])
        for _ in range(r):
            self.key('i (sort again: inclusive)', 'i', tabs('inclusive'))
            self.key('i (sort again: self)', 'i', tabs('self'))
        # One event: s sorts again by it, and the screen stays as it
        # was; Down, sent with it, shows when the sort is done.
        for _ in range(r):
            self.key('s (sort again; a Down sent with it shows it done)',
                     's Down')

        # Search: each typed character searches from where / began.
        for _ in range(r):
            self.top()
            self.key('/ (search prompt)', '/', literal=True)
            for i, c in enumerate(a.search):
                self.key("search: '%s' typed" % a.search[:i + 1], c,
                         literal=True)
            self.key('Enter (search ends)', 'Enter')
        for _ in range(r):
            self.key("n (next match of '%s')" % a.search, 'n', literal=True)
        for _ in range(r):
            self.top()
            self.key(None, '/', literal=True)
            for c in a.missing[:-1]:
                self.key(None, c, literal=True)
            self.key("search: '%s' typed, not found (every row tried)" %
                     a.missing, a.missing[-1], literal=True,
                     pred=lambda b, s: 'not found' in s[-1])
            self.key(None, 'Enter')

        # Filter: \, the regex, Enter; it runs a slice at a time.
        for _ in range(r):
            self.key('\\ (filter prompt)', '\\', literal=True)
            for c in a.regex:
                self.key('filter: a typed character', c, literal=True)
            self.key("filter Enter: '%s' over every name, until "
                     "'(filtering...)' is gone" % a.regex, 'Enter',
                     pred=lambda b, s: a.regex in s[2] and
                     'filtering...' not in s[2], answer=True)
            self.key(None, '\\', literal=True)
            for _c in a.regex:
                self.key('filter: a typed character', 'BSpace')
            self.key('filter Enter, empty: every row back', 'Enter',
                     pred=lambda b, s: 'filter:' not in s[2])

        # A function: its pane, its source, its asm, back; the next one.
        self.top()
        for _ in range(r):
            self.key('Enter (function pane: callers, callees)', 'Enter',
                     lambda b, s: has(s, 'callers, and the cost'))
            self.key('Tab (source pane)', 'Tab',
                     lambda b, s: has(s, '-- Auto-annotated source') or
                     has(s, 'could not be found') or has(s, 'no source'))
            self.key('Tab (asm pane)', 'Tab',
                     lambda b, s: has(s, 'machine code') or
                     has(s, 'Machine code'))
            for _k in range(3):
                self.key('Backspace (back a pane)', 'BSpace')
            self.key(None, 'Down')

        # Flame: the first time its stacks are built by a thread.
        def stacks(b, s):
            return not any('building the stacks' in ln for ln in s) and \
                b != s
        self.key('5 (flame pane, first time: until its stacks are drawn)',
                 '5', stacks, literal=True, timeout=a.flame_timeout,
                 answer=True)
        self.key(None, 'BSpace')
        for _ in range(r):
            self.key(None, 'Down')
            self.key('5 (flame pane again, another function)', '5',
                     stacks, literal=True)
            self.key('Backspace (back a pane)', 'BSpace')
        self.stop()

    # -- report -----------------------------------------------------------
    def rows(self):
        out = []
        for label in self.order:
            s = self.samples[label]
            last = [x[1] * 1e3 for x in s]
            first = [x[0] * 1e3 for x in s]
            out.append((label, len(s), statistics.median(last), max(last),
                        statistics.median(first), max(first)))
        return out


def stand_ins(profile, rev, top):
    """Sources for the source pane.  mkprofile names the seed's files
    anew in each copy ("SRC/load.c#12", SRC the directory the seed was
    built in); each such name under top is linked to the file as it
    was at git revision rev (where the seed was made), so that the pane
    annotates a real file of the profile's lines.  Returns top, or None
    when there is nothing to link."""
    r = subprocess.run(['grep', '-aoE', r'^f[lie]=\([0-9]+\) /.*', profile],
                       stdout=subprocess.PIPE)
    names = set()
    for ln in r.stdout.split(b'\n'):
        m = re.match(rb'^f[lie]=\(\d+\) (/.*?/src/([^#]+)#\d+)$', ln)
        if m:
            names.add((m.group(1).decode(), m.group(2).decode()))
    made = {}
    top = os.path.abspath(top)
    for name, base in sorted(names):
        if base not in made:
            g = subprocess.run(['git', 'show', '%s:src/%s' % (rev, base)],
                               stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
            made[base] = None
            if g.returncode == 0:
                made[base] = os.path.join(top, 'stand-in', base)
                os.makedirs(os.path.dirname(made[base]), exist_ok=True)
                with open(made[base], 'wb') as f:
                    f.write(g.stdout)
                # Older than the profile: no note that it is newer.
                os.utime(made[base], (0, 0))
        if made[base] is None:
            continue
        link = top + name
        os.makedirs(os.path.dirname(link), exist_ok=True)
        if not os.path.islink(link):
            os.symlink(made[base], link)
    return top if any(made.values()) else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('profile')
    ap.add_argument('--cgannotate', default='./cgannotate')
    ap.add_argument('--tmux', default='tmux')
    ap.add_argument('--socket', default='cga-bench')
    ap.add_argument('--size', default='160x50')
    ap.add_argument('--sessions', type=int, default=3)
    ap.add_argument('--reps', type=int, default=10)
    ap.add_argument('--quiet-ms', type=float, default=100)
    ap.add_argument('--search', default='main#1496')
    ap.add_argument('--missing', default='#9999')
    ap.add_argument('--regex', default='qsort')
    ap.add_argument('--load-timeout', type=float, default=300)
    ap.add_argument('--flame-timeout', type=float, default=600)
    ap.add_argument('--log', help='each sample appended here')
    ap.add_argument('--screens', help="each label's first settled screen "
                    'written into this directory')
    ap.add_argument('--label', default='', help='first column of the rows')
    ap.add_argument('--limit-ms', type=float, default=50)
    ap.add_argument('--sources', metavar='REV', help='stand-in sources '
                    'from git revision REV, found with -I (stand_ins)')
    ap.add_argument('--sources-dir', default='build/bench/tui-src')
    a = ap.parse_args()
    a.include = None
    if a.sources:
        a.include = stand_ins(a.profile, a.sources, a.sources_dir)
        if a.include is None:
            print('tui.py: no stand-in sources: the source pane says the '
                  'files are not found', file=sys.stderr)
    b = Bench(a)
    try:
        for i in range(a.sessions):
            print('tui.py: session %d of %d' % (i + 1, a.sessions),
                  file=sys.stderr)
            b.session()
    finally:
        b.stop()
    for label, n, med, worst, fmed, fworst in b.rows():
        if label.startswith('load'):
            fig = '%.0f | %.0f' % (med, worst)
            mark = ''
        else:
            fig = '%.1f | %.1f' % (med, worst)
            mark = 'no' if worst > a.limit_ms else 'yes'
        lab = label.replace('|', '\\|')
        print('| %s | %s | %s | %d | %s |' % (a.label, lab, fig, n, mark))
        # The first output apart, where the key answers before it is
        # done (the filter's first slice, the flame's "building").
        if label in b.firsts:
            print('| %s | %s: its first output | %.1f | %.1f | %d | %s |' %
                  (a.label, lab, fmed, fworst, n,
                   'no' if fworst > a.limit_ms else 'yes'))


if __name__ == '__main__':
    main()
