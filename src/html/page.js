/*
 * page.js: cgannotate's report page (--format=html).  Its data is the
 * --format=json document in the element #cga-data, with a member of the
 * page's own, "page" (the events shown, the flame graph's stacks, the
 * sources, with --asm the machine code).  Every name in it comes from a profile, which may come from
 * anywhere: names reach the page as text (textContent) and never as HTML.
 * The address holds the state: #fn=ID&view=callers|source|asm|flame&zoom=N.
 */
(function () {
'use strict';

var D = JSON.parse(document.getElementById('cga-data').textContent);
var P = D.page;
var SHOW = P.show;
var DIFF = P.diff;
var GROUPS = !!D.groups;
var ROW_H = 22;

/* Elements by id. */
function $(id) { return document.getElementById(id); }

/* An element with text, classes and children. */
function el(tag, cls, text) {
	var e = document.createElement(tag);
	if (cls)
		e.className = cls;
	if (text !== undefined && text !== null)
		e.textContent = String(text);
	return e;
}

function add(parent) {
	for (var i = 1; i < arguments.length; i++)
		if (arguments[i])
			parent.appendChild(arguments[i]);
	return parent;
}

/* 1234567 as "1,234,567"; in a difference signed, "+12". */
function count(n) {
	if (n === undefined || n === null)
		return '.';
	return (DIFF && n > 0 ? '+' : '') + plain(n);
}

/* A count with commas, signed only when negative. */
function plain(n) {
	var s = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return n < 0 ? '-' + s : s;
}

/* The share of the total n is, "12.34%", or '' where there is none. */
function share(n, ev) {
	var of = P.percent_of[ev];
	if (n === undefined || !of)
		return '';
	var x = n / of * 100;
	return (DIFF && x > 0 ? '+' : '') + x.toFixed(2) + '%';
}

/* The class of a cell of count n: gains and losses in a difference. */
function sign(n) {
	if (n === undefined)
		return 'dot';
	if (!DIFF || n === 0)
		return '';
	return n > 0 ? 'up' : 'down';
}

/* The listing's rows: functions, or groups with their functions. */
var rows = (D.groups || D.functions).map(function (r, i) {
	var calls = 0;
	r.callers.forEach(function (c) { calls += c.count; });
	return {
		id: i,
		name: GROUPS ? r.name : r.file + ':' + r.name,
		label: GROUPS ? r.name : r.name,
		file: GROUPS ? null : r.file,
		object: r.object || null,
		ex: r.exclusive,
		inc: r.inclusive,
		calls: calls,
		callers: r.callers,
		callees: r.callees,
		members: r.functions || null,
		fns: GROUPS ? r.functions : [r]	/* their JSON objects */
	};
});
var byName = new Map();
rows.forEach(function (r) { byName.set(r.name, r); });
var search = rows.map(function (r) {
	return (r.name + ' ' + (r.object || '')).toLowerCase();
});

/* The columns: the name, each shown event's costs and shares, calls. */
var cols = [{ key: 'name', label: GROUPS ? D.listing.by : 'function',
    cls: 'name', text: function (r) { return r.name; },
    val: function (r) { return r.name; } }];
SHOW.forEach(function (ev) {
	[['ex', ' self'], ['inc', ' incl']].forEach(function (k) {
		cols.push({ key: ev + k[1], label: ev + k[1], cls: 'num',
		    val: function (r) { return r[k[0]][ev]; },
		    text: function (r) { return count(r[k[0]][ev]); } });
		cols.push({ key: ev + k[1] + ' %', label: '%', cls: 'pct',
		    title: 'share of the total of ' + ev + (DIFF ?
		    ', the older profile\'s' : ''),
		    val: function (r) { return r[k[0]][ev]; },
		    text: function (r) { return share(r[k[0]][ev], ev); } });
	});
});
cols.push({ key: 'calls', label: 'calls', cls: 'num',
    title: 'calls the function received',
    val: function (r) { return r.calls; },
    text: function (r) { return count(r.calls); } });

var state = { fn: null, view: 'callers', zoom: null };
var order = rows.slice();	/* sorted, all rows */
var shown = order;		/* sorted and searched */
var sortCol = null, sortDir = 0;
var cursor = 0;			/* index in shown */

function headerRow() {
	var tr = $('headrow');
	cols.forEach(function (c, i) {
		var th = el('th', c.cls === 'name' ? 'name' : '');
		var b = el('button', null, c.label);
		b.type = 'button';
		b.title = 'sort by ' + c.key + (c.title ? ' (' + c.title + ')' : '');
		b.addEventListener('click', function () { sortBy(i); });
		th.setAttribute('aria-sort', 'none');
		th.dataset.col = c.key;
		add(tr, add(th, b));
	});
}

/* Sorts by column i: costs largest first, then the other way round. */
function sortBy(i) {
	var c = cols[i];
	sortDir = sortCol === i ? -sortDir : (c.key === 'name' ? 1 : -1);
	sortCol = i;
	order = rows.slice().sort(function (a, b) {
		var x = c.val(a), y = c.val(b);
		if (x === undefined) x = -Infinity;
		if (y === undefined) y = -Infinity;
		if (x < y) return -sortDir;
		if (x > y) return sortDir;
		return a.id - b.id;
	});
	var ths = $('headrow').children;
	for (var k = 0; k < ths.length; k++)
		ths[k].setAttribute('aria-sort', k !== i ? 'none' :
		    sortDir > 0 ? 'ascending' : 'descending');
	filter();
}

function filter() {
	var q = $('search').value.trim().toLowerCase();
	shown = q === '' ? order : order.filter(function (r) {
		return search[r.id].indexOf(q) !== -1;
	});
	cursor = Math.min(cursor, Math.max(shown.length - 1, 0));
	$('count').textContent = plain(shown.length) + ' of ' + plain(rows.length) +
	    (GROUPS ? ' groups' : ' functions');
	renderRows();
}

function spacer(h, n) {
	var tr = el('tr', 'spacer');
	var td = el('td');
	td.colSpan = n;
	td.style.height = h + 'px';
	td.style.padding = '0';
	return add(tr, td);
}

/* The rows in view, and spacers for those above and below (virtual). */
function renderRows(all) {
	var sc = $('scroller'), body = $('rows');
	var first = all ? 0 : Math.max(0, Math.floor(sc.scrollTop / ROW_H) - 10);
	var last = all ? Math.min(shown.length, 5000) :
	    Math.min(shown.length, first + Math.ceil(sc.clientHeight / ROW_H) + 20);
	var frag = document.createDocumentFragment();
	if (first > 0)
		frag.appendChild(spacer(first * ROW_H, cols.length));
	for (var i = first; i < last; i++)
		frag.appendChild(rowOf(shown[i], i));
	if (last < shown.length && !all)
		frag.appendChild(spacer((shown.length - last) * ROW_H, cols.length));
	body.textContent = '';
	body.appendChild(frag);
	if (shown.length > 0)
		sc.setAttribute('aria-activedescendant', 'row-' + shown[cursor].id);
}

function rowOf(r, i) {
	var tr = el('tr', (r.id === state.fn ? 'sel' : '') +
	    (i === cursor ? ' cur' : ''));
	tr.id = 'row-' + r.id;
	tr.setAttribute('role', 'row');
	tr.setAttribute('aria-selected', r.id === state.fn ? 'true' : 'false');
	tr.dataset.id = r.id;
	cols.forEach(function (c) {
		var v = c.val(r);
		var td = el('td', c.cls + (c.cls !== 'name' ? ' ' + sign(v) : ''),
		    c.text(r));
		if (c.cls === 'name')
			td.title = r.name + (r.object ? ' [' + r.object + ']' : '');
		tr.appendChild(td);
	});
	return tr;
}

/* Keeps the cursor's row in view. */
function reveal() {
	var sc = $('scroller'), head = ROW_H + 2;
	var y = cursor * ROW_H;
	if (y < sc.scrollTop)
		sc.scrollTop = y;
	else if (y + ROW_H > sc.scrollTop + sc.clientHeight - head)
		sc.scrollTop = y + ROW_H - sc.clientHeight + head;
	renderRows();
}

function keys(e) {
	var page = Math.max(1, Math.floor($('scroller').clientHeight / ROW_H) - 2);
	var to = { ArrowDown: cursor + 1, ArrowUp: cursor - 1, PageDown:
	    cursor + page, PageUp: cursor - page, Home: 0, End: shown.length - 1 };
	if (e.key in to) {
		cursor = Math.max(0, Math.min(shown.length - 1, to[e.key]));
		reveal();
		e.preventDefault();
	} else if (e.key === 'Enter' && shown.length > 0) {
		go({ fn: shown[cursor].id, zoom: null });
		e.preventDefault();
	}
}

/* The address: the state as #fn=ID&view=V&zoom=N. */
function readHash() {
	var h = location.hash.replace(/^#/, '');
	var s = { fn: null, view: 'callers', zoom: null };
	h.split('&').forEach(function (kv) {
		var p = kv.split('='), v = decodeURIComponent(p[1] || '');
		if (p[0] === 'fn' && /^\d+$/.test(v) && +v < rows.length)
			s.fn = +v;
		else if (p[0] === 'view' && /^(callers|source|asm|flame)$/.test(v))
			s.view = v;
		else if (p[0] === 'zoom' && /^\d+$/.test(v))
			s.zoom = +v;
	});
	return s;
}

function hashOf(s) {
	var h = [];
	if (s.fn !== null)
		h.push('fn=' + s.fn);
	h.push('view=' + s.view);
	if (s.zoom !== null && s.view === 'flame')
		h.push('zoom=' + s.zoom);
	return '#' + h.join('&');
}

/* Goes to a state: what is not given stays. */
function go(change) {
	var s = { fn: state.fn, view: state.view, zoom: state.zoom };
	for (var k in change)
		s[k] = change[k];
	location.hash = hashOf(s);
}

function apply() {
	state = readHash();
	var tabs = $('tabs').querySelectorAll('a');
	for (var i = 0; i < tabs.length; i++) {
		var v = tabs[i].dataset.view;
		tabs[i].setAttribute('aria-selected', v === state.view ? 'true' :
		    'false');
		tabs[i].href = hashOf({ fn: state.fn, view: v, zoom: state.zoom });
	}
	if (state.fn !== null) {
		var at = shown.findIndex(function (r) { return r.id === state.fn; });
		if (at >= 0 && at !== cursor) {
			cursor = at;
			reveal();
		}
	}
	renderRows();
	var pane = $('pane');
	pane.textContent = '';
	delete pane.dataset.whole;
	$('tip').hidden = true;
	if (state.view === 'flame')
		window.cgaFlame(pane, state);
	else if (state.fn === null)
		add(pane, el('p', 'note', 'Choose a ' + (GROUPS ? D.listing.by :
		    'function') + ' in the table (click it, or move with the ' +
		    'arrow keys and press Enter).'));
	else if (state.view === 'source')
		window.cgaSource(pane, rows[state.fn]);
	else if (state.view === 'asm')
		window.cgaAsm(pane, rows[state.fn]);
	else
		callersPane(pane, rows[state.fn]);
	/* What the page shows now, for a test to wait for. */
	document.body.dataset.state = location.hash;
}

/* A link to the row named name, or its name as text. */
function fnLink(name, view) {
	var r = byName.get(name);
	if (!r)
		return el('span', null, name);
	var a = el('a', null, name);
	a.href = hashOf({ fn: r.id, view: view || 'callers', zoom: null });
	return a;
}

/* A table of calls: count, the shown events' costs, the other end. */
function callTable(list, title) {
	var t = el('table', 'calls');
	t.setAttribute('aria-label', title);
	var hr = add(el('tr'), el('th', 'name', 'function'),
	    el('th', null, 'calls'));
	SHOW.forEach(function (ev) { add(hr, el('th', null, ev), el('th', null, '%')); });
	add(t, add(el('thead'), hr));
	var tb = el('tbody');
	list.forEach(function (c) {
		var td = add(el('td', 'name'), fnLink(c.function));
		if (c.recursive)
			add(td, el('span', 'note', ' (recursive)'));
		var tr = add(el('tr'), td, el('td', 'num ' + sign(c.count),
		    count(c.count)));
		SHOW.forEach(function (ev) {
			add(tr, el('td', 'num ' + sign(c.cost[ev]), count(c.cost[ev])),
			    el('td', 'pct', share(c.cost[ev], ev)));
		});
		add(tb, tr);
	});
	if (list.length === 0)
		add(tb, add(el('tr'), el('td', 'note', 'none')));
	return add(t, tb);
}

/* The chosen row's costs: an event a row, self and inclusive. */
function summary(r) {
	var t = el('table', 'calls sum');
	t.id = 'fn-costs';
	add(t, add(el('thead'), add(el('tr'), el('th', null, 'event'),
	    el('th', null, 'self'), el('th', null, '%'),
	    el('th', null, 'inclusive'), el('th', null, '%'))));
	var tb = el('tbody');
	SHOW.forEach(function (ev) {
		var tr = add(el('tr'), el('th', null, ev));
		[['self', r.ex], ['inclusive', r.inc]].forEach(function (k) {
			var n = k[1][ev];
			var td = el('td', 'num ' + sign(n), count(n));
			td.dataset.event = ev;
			td.dataset.kind = k[0];
			add(tr, td, el('td', 'pct', share(n, ev)));
		});
		add(tb, tr);
	});
	return add(t, tb);
}

function callersPane(pane, r) {
	add(pane, el('h2', null, r.name));
	if (r.object)
		add(pane, el('p', 'note', 'in ' + r.object));
	add(pane, summary(r), el('p', 'note', 'called ' + count(r.calls) +
	    ' times'));
	add(pane, el('h3', null, 'Callers'), callTable(r.callers, 'callers'));
	add(pane, el('h3', null, 'Callees'), callTable(r.callees, 'callees'));
	if (r.members) {
		add(pane, el('h3', null, 'Its functions'));
		var t = el('table', 'calls'), hr = add(el('tr'),
		    el('th', 'name', 'function'));
		SHOW.forEach(function (ev) {
			add(hr, el('th', null, ev + ' self'), el('th', null, '%'));
		});
		add(t, add(el('thead'), hr));
		r.members.forEach(function (f) {
			var tr = add(el('tr'), el('td', 'name', f.file + ':' + f.name));
			SHOW.forEach(function (ev) {
				add(tr, el('td', 'num ' + sign(f.exclusive[ev]),
				    count(f.exclusive[ev])), el('td', 'pct',
				    share(f.exclusive[ev], ev)));
			});
			add(t, tr);
		});
		add(pane, t);
	}
}

/* The header: profiles, command, events, totals, what was listed. */
function meta() {
	var dl = $('meta');
	function item(k, v) {
		if (v !== null && v !== undefined && v !== '')
			add(dl, el('dt', null, k), el('dd', null, v));
	}
	var names = (D.diff_base !== null ? [D.diff_base] : []).concat(D.profiles);
	$('title').textContent = names.join(D.diff_base !== null ? ' \u2192 ' :
	    ', ');
	document.title = 'cgannotate: ' + $('title').textContent;
	item(D.diff_base !== null ? 'Difference' : DIFF ? 'Profile (signed)' :
	    'Profile', $('title').textContent + (D.diff_base !== null ?
	    ' (the newer less the older)' : ''));
	item('Command', D.command);
	item('Creator', D.creator);
	item('Events shown', SHOW.join(' '));
	item('Sorted by', P.sort.join(' ') + (P.inclusive ? ' (inclusive)' :
	    ''));
	item(DIFF ? 'Change' : 'Totals', SHOW.map(function (ev) {
		return ev + ' ' + count(D.totals[ev]) + (DIFF &&
		    P.percent_of[ev] ? ' (' + share(D.totals[ev], ev) +
		    ' of ' + plain(P.percent_of[ev]) + ')' : '');
	}).join('   '));
	var L = D.listing, lst = 'by ' + L.by + (L.group_inlined ?
	    ', inlined code under its function' : '');
	var th = P.sort.map(function (ev, i) {
		return +P.thresholds[i] > 0 ? P.thresholds[i] + '% of ' + ev : '';
	}).filter(function (s) { return s !== ''; });
	if (P.filter && th.length)
		lst += '; the costliest rows, down to where they cover ' +
		    th.join(' and ') + ' (--threshold)';
	else
		lst += '; every row';
	if (L.top !== null)
		lst += '; at most ' + L.top + ' rows';
	item('Listed', lst);
	if (L.focus.length)
		item('Focus', L.focus.join(', '));
	if (L.hide.length)
		item('Hidden', L.hide.join(', ') + ' (' + L.hidden_functions +
		    ' functions)');
	if (DIFF)
		item('Colours', 'more cost in red and "+", less in blue and "-"');
}

/* The page's code shared with the other parts. */
window.cga = { D: D, P: P, SHOW: SHOW, DIFF: DIFF, rows: rows,
    byName: byName, el: el, add: add, count: count, plain: plain,
    share: share,
    sign: sign, go: go, hashOf: hashOf, fnLink: fnLink };

window.addEventListener('DOMContentLoaded', function () {
	/* Machine code only with --asm=yes. */
	document.querySelector('#tabs a[data-view=asm]').hidden = !P.asm;
	meta();
	headerRow();
	var sc = $('scroller');
	var queued = false;
	sc.addEventListener('scroll', function () {
		if (queued)
			return;
		queued = true;
		requestAnimationFrame(function () { queued = false; renderRows(); });
	});
	sc.addEventListener('keydown', keys);
	$('rows').addEventListener('click', function (e) {
		var tr = e.target.closest('tr');
		if (tr && tr.dataset.id !== undefined) {
			cursor = shown.indexOf(rows[+tr.dataset.id]);
			go({ fn: +tr.dataset.id, zoom: null });
		}
	});
	$('search').addEventListener('input', function () {
		cursor = 0;
		$('scroller').scrollTop = 0;
		filter();
	});
	window.addEventListener('hashchange', apply);
	window.addEventListener('beforeprint', function () { renderRows(true); });
	window.addEventListener('afterprint', function () { renderRows(); });
	filter();
	apply();
	document.body.dataset.ready = '1';
});
})();
