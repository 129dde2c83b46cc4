/*
 * source.js: the Source view of cgannotate's report page: the chosen
 * function's source file with each line's cost (a heat colour, and the
 * numbers, so that it reads without colour), and the calls made from a
 * line and its jumps under it.
 */
(function () {
'use strict';

var CONTEXT = 8;	/* lines shown around a function's */
var MAX_LINES = 20000;	/* of a whole file */

/* The source files of a row: its own, or its functions'. */
function filesOf(r) {
	if (r.file !== null)
		return [r.file];
	if (window.cga.D.listing.by === 'file')
		return [r.name];
	var seen = [];
	(r.members || []).forEach(function (f) {
		if (seen.indexOf(f.file) === -1)
			seen.push(f.file);
	});
	return seen;
}

/* The background of a line costing n of the file's largest, max. */
function heat(n, max, diff) {
	if (!n || !max)
		return '';
	var a = (0.1 + 0.75 * Math.abs(n) / max).toFixed(3);
	if (diff)
		return n > 0 ? 'rgba(214, 40, 40, ' + a + ')' :
		    'rgba(40, 100, 214, ' + a + ')';
	return 'rgba(255, ' + Math.round(140 - 100 * Math.abs(n) / max) +
	    ', 0, ' + a + ')';
}

/* The file's line costs, jumps and sites, by line. */
function index(name, src) {
	var lines = new Map(), sites = new Map(), jumps = new Map();
	src.lines.forEach(function (l) {
		lines.set(l[0], l[1]);
		if (l[2])
			jumps.set(l[0], l[2]);
	});
	(src.sites || []).forEach(function (s) {
		if (!sites.has(s[0]))
			sites.set(s[0], []);
		sites.get(s[0]).push(s);
	});
	return { lines: lines, sites: sites, jumps: jumps };
}

function costCells(tr, cost, max) {
	var C = window.cga, ev0 = C.SHOW[0];
	C.SHOW.forEach(function (ev) {
		var n = cost ? cost[ev] : undefined;
		var td = C.el('td', 'num ' + (cost ? C.sign(n) : ''),
		    cost ? C.count(n) : '');
		if (ev === ev0) {
			td.classList.add('heat');
			td.style.background = heat(n, max, C.DIFF);
		}
		tr.appendChild(td);
	});
	tr.appendChild(C.el('td', 'pct', cost ? C.share(cost[ev0], ev0) : ''));
}

function siteRow(s, max) {
	var C = window.cga, tr = C.el('tr', 'site');
	tr.appendChild(C.el('td', 'ln'));
	costCells(tr, s[3], 0);
	var td = C.el('td', 'code');
	C.add(td, document.createTextNode('\u21b3 '), C.fnLink(s[1], 'source'),
	    document.createTextNode(' (' + C.count(s[2]) + (s[2] === 1 ?
	    ' call)' : ' calls)')));
	return C.add(tr, td);
}

/*
 * A jump of a line (as the JSON document's "jumps" of the line): "jcnd
 * N/M taken -> line L" or "jump Nx -> line L", the target's file when it
 * is another, its function when it is not fn.
 */
function jumpRow(name, j, fn) {
	var C = window.cga, tr = C.el('tr', 'jump'), t = j.target;
	tr.appendChild(C.el('td', 'ln'));
	costCells(tr, null, 0);
	tr.appendChild(C.el('td', 'code', (j.conditional ? 'jcnd ' +
	    C.count(j.count) + '/' + C.count(j.executed) + ' taken' : 'jump ' +
	    C.count(j.count) + 'x') + ' -> ' + (t.file !== name ? t.file + ':' :
	    'line ') + (t.line ? C.plain(t.line) : '?') +
	    (t.function !== null && t.function !== fn ? ' in ' + t.function :
	    '')));
	return tr;
}

/* Lines lo to hi of src, annotated; fn's own lines marked. */
function table(name, src, lo, hi, range, fn) {
	var C = window.cga, ix = index(name, src), ev0 = C.SHOW[0], max = 0;
	ix.lines.forEach(function (c, l) {
		if (l >= lo && l <= hi && c[ev0] !== undefined)
			max = Math.max(max, Math.abs(c[ev0]));
	});
	var t = C.el('table', 'src'), hr = C.el('tr');
	hr.appendChild(C.el('th', null, 'line'));
	C.SHOW.forEach(function (ev) { hr.appendChild(C.el('th', null, ev)); });
	C.add(hr, C.el('th', null, '%'), C.el('th', 'name', 'source'));
	C.add(t, C.add(C.el('thead'), hr));
	var tb = C.el('tbody');
	for (var l = lo; l <= hi && l <= src.text.length; l++) {
		var c = ix.lines.get(l);
		var tr = C.el('tr', (range && l >= range[1] && l <= range[2] ?
		    'infn' : '') + (c && max && Math.abs(c[ev0] || 0) * 10 >= max ?
		    ' hot' : ''));
		tr.id = 'line-' + l;
		tr.appendChild(C.el('td', 'ln', l));
		costCells(tr, c, max);
		tr.appendChild(C.el('td', 'code', src.text[l - 1]));
		tb.appendChild(tr);
		(ix.sites.get(l) || []).forEach(function (s) {
			tb.appendChild(siteRow(s, max));
		});
		(ix.jumps.get(l) || []).forEach(function (j) {
			tb.appendChild(jumpRow(name, j, fn));
		});
	}
	return C.add(t, tb);
}

function one(pane, r, name) {
	var C = window.cga, src = null;
	(C.P.sources || []).forEach(function (s) {
		if (s.name === name)
			src = s;
	});
	var box = C.add(C.el('div', 'file'), C.el('h3', null, name));
	pane.appendChild(box);
	if (src === null) {
		box.appendChild(C.el('p', 'note', 'No line costs for this file' +
		    ' in the profile.'));
		return;
	}
	if (src.missing) {
		box.appendChild(C.el('p', 'note', 'Source file ' + src.missing +
		    ' (looked for in the current directory and the -I ' +
		    'directories when the page was made).'));
		return;
	}
	var range = null;
	src.functions.forEach(function (f) {
		if (f[0] === r.name)
			range = f;
	});
	var whole = range === null || pane.dataset.whole === '1';
	var lo = whole ? 1 : Math.max(1, range[1] - CONTEXT);
	var hi = whole ? Math.min(src.text.length, MAX_LINES) :
	    Math.min(src.text.length, range[2] + CONTEXT);
	var bar = C.el('p', 'note pane-bar', (src.path !== name ? 'found as ' +
	    src.path + '; ' : '') + 'lines ' + lo + ' to ' + hi + ' of ' +
	    src.text.length + (src.cut ? ' (the file was cut)' : '') +
	    (range ? '; the function\'s own lines are marked at the left. ' :
	    '. '));
	if (range !== null) {
		var b = C.el('button', null, whole ? 'Only the function' :
		    'Whole file');
		b.type = 'button';
		b.addEventListener('click', function () {
			pane.dataset.whole = whole ? '0' : '1';
			pane.textContent = '';
			window.cgaSource(pane, r);
		});
		bar.appendChild(b);
	}
	C.add(box, bar, table(name, src, lo, hi, range, r.label));
}

window.cgaSource = function (pane, r) {
	var C = window.cga;
	C.add(pane, C.el('h2', null, r.name));
	if (!C.P.annotate) {
		pane.appendChild(C.el('p', 'note', 'Annotation was off ' +
		    '(--auto=no): the page holds no sources.'));
		return;
	}
	filesOf(r).forEach(function (f) { one(pane, r, f); });
};
})();
