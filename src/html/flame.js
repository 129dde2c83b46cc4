/*
 * flame.js: the Flame graph view of cgannotate's report page, an icicle
 * (roots at the top) of the stacks cgannotate rebuilt from the profile's
 * call costs, for the first shown event: --format=folded's stacks, each
 * frame named as folded names it and knowing the table's rows it is (a
 * function's pieces in other files, inlined code, are in its frame).  A
 * click on a frame zooms into it (#...&zoom=N), one on a frame above it
 * zooms out; hovering one names it with its cost and share.
 */
(function () {
'use strict';

var FRAME_H = 18;
var nodes = null;

/* The tree of the page's frames, siblings of one name merged. */
function build() {
	var F = window.cga.P.flame, f = F.frames, at = [];
	var root = { name: 'all', label: 'all stacks', rows: [], self: 0,
	    total: 0, parent: null, children: [], kids: new Map(), idx: 0,
	    depth: 0 };
	nodes = [root];
	for (var k = 0; k * 3 < f.length; k++) {
		var par = f[3 * k] < 0 ? root : at[f[3 * k]];
		var n = par.kids.get(f[3 * k + 1]);
		if (!n) {
			var nm = F.names[f[3 * k + 1]];
			n = { name: nm[0], label: nm[1], rows: nm.slice(2),
			    self: 0, total: 0, parent: par, children: [],
			    kids: new Map(), idx: nodes.length,
			    depth: par.depth + 1 };
			par.kids.set(f[3 * k + 1], n);
			par.children.push(n);
			nodes.push(n);
		}
		n.self += f[3 * k + 2];
		at[k] = n;
	}
	if (F.rest > 0) {
		var r = { name: null, label: '(stacks below ' + F.min_share +
		    '% of the total)', rows: [], self: F.rest, total: 0,
		    parent: root,
		    children: [], kids: new Map(), idx: nodes.length, depth: 1 };
		root.children.push(r);
		nodes.push(r);
	}
	for (var i = nodes.length - 1; i >= 0; i--) {
		nodes[i].total += nodes[i].self;
		if (nodes[i].parent)
			nodes[i].parent.total += nodes[i].total;
	}
	nodes.forEach(function (n) {
		n.children.sort(function (a, b) { return b.total - a.total; });
	});
}

function hash(s) {
	var h = 0;
	for (var i = 0; i < s.length; i++)
		h = (h * 31 + s.charCodeAt(i)) | 0;
	return Math.abs(h);
}

/* The table's rows a frame is, those listed, costliest first. */
function listed(n) {
	var C = window.cga, ev = C.SHOW[0];
	return n.rows.map(function (name) { return C.byName.get(name); })
	    .filter(function (r) { return r; })
	    .sort(function (a, b) {
		return Math.abs(b.ex[ev] || 0) - Math.abs(a.ex[ev] || 0);
	    });
}

/* A frame's colour: warm by name; in a difference, by its change. */
function colour(n) {
	var C = window.cga;
	if (n.name === null)
		return '#ddd';
	if (C.DIFF) {
		var ev = C.SHOW[0], d = 0;
		listed(n).forEach(function (r) { d += r.ex[ev] || 0; });
		if (!d)
			return '#e4e4e4';
		var a = Math.min(1, 0.25 + Math.abs(d) / (C.P.percent_of[ev] || 1) * 40);
		return d > 0 ? 'rgba(214, 40, 40, ' + a.toFixed(2) + ')' :
		    'rgba(40, 100, 214, ' + a.toFixed(2) + ')';
	}
	var h = hash(n.label);
	return 'hsl(' + (8 + h % 40) + ', ' + (75 + h % 20) + '%, ' +
	    (58 + h % 12) + '%)';
}

/* What the tooltip says of a frame. */
function about(n, z) {
	var C = window.cga, total = nodes[0].total;
	var s = (n.name || n.label) + '\n' + C.P.flame.event + ' ' +
	    C.plain(n.total) + ' (' + (n.total / total * 100).toFixed(2) +
	    '% of all';
	if (z !== nodes[0] && z.total)
		s += ', ' + (n.total / z.total * 100).toFixed(2) + '% of the zoomed frame';
	s += ')\nself ' + C.plain(n.self);
	if (n.rows.length > 1)
		s += '\nits code in ' + n.rows.length + ' files (inlined code)';
	else if (n.rows.length === 1 && n.rows[0] !== n.name)
		s += '\n' + n.rows[0];
	return s;
}

function frame(box, n, x, w, depth, cls) {
	var C = window.cga, d = C.el('div', 'fr' + (cls ? ' ' + cls : ''),
	    n.label);
	d.style.left = x + '%';
	d.style.width = w + '%';
	d.style.top = depth * FRAME_H + 'px';
	d.style.background = colour(n);
	d.dataset.idx = n.idx;
	d.setAttribute('role', 'button');
	d.setAttribute('aria-label', n.name || n.label);
	/* The wider frames are stops of the Tab key; Enter zooms. */
	if (w >= 2)
		d.tabIndex = 0;
	box.appendChild(d);
	return d;
}

/* Draws n and what is below it at x (percent), w wide; the deepest row. */
function draw(box, n, x, w, depth, px, hit) {
	if (w * px < 0.3)
		return depth - 1;
	frame(box, n, x, w, depth, hit !== null && n.rows.indexOf(hit) >= 0 ?
	    'hit' : '');
	var deepest = depth, cx = x;
	n.children.forEach(function (c) {
		var cw = n.total ? w * c.total / n.total : 0;
		deepest = Math.max(deepest, draw(box, c, cx, cw, depth + 1, px, hit));
		cx += cw;
	});
	return deepest;
}

function notes(pane, F) {
	var C = window.cga, p = C.el('p', 'note');
	var by = { 'function': 'each function its own frame',
	    name: 'each function one frame, its inlined code in other ' +
	    'files too', file: 'each frame a file', object: 'each frame an ' +
	    'object' };
	var t = 'Icicle graph of ' + F.event + ' in ' + F.profile + ', roots' +
	    ' at the top, of the stacks --format=folded prints with the ' +
	    'same options, rebuilt out of the call costs (see FLAME GRAPHS ' +
	    'in cgannotate(1)), ' + by[F.frames_by] + ': ' +
	    C.plain(F.total) + ' in all. Frames whose stacks cost less than ' +
	    F.min_share + '% of the total are merged into their parents (' +
	    F.merged + ' frames).';
	if (F.cut > 0)
		t += ' ' + F.cut + ' stacks were cut at ' + F.max_depth +
		    ' frames, their cost on their last frame.';
	if (F.newer)
		t += ' A difference has no stacks (its costs are signed): ' +
		    'this is the newer profile\'s, each frame coloured by its ' +
		    'function\'s change, more in red, less in blue, none in grey.';
	if (C.D.listing.focus.length || C.D.listing.hide.length)
		t += ' --focus and --hide apply as in --format=folded.';
	p.textContent = t + ' Click a frame to zoom into it.';
	pane.appendChild(p);
}

window.cgaFlame = function (pane, state) {
	var C = window.cga, F = C.P.flame;
	C.add(pane, C.el('h2', null, 'Flame graph'));
	if (F.none) {
		pane.appendChild(C.el('p', 'note', 'No flame graph: ' + F.none + '.'));
		return;
	}
	if (nodes === null)
		build();
	notes(pane, F);
	var z = state.zoom !== null && nodes[state.zoom] ? nodes[state.zoom] :
	    nodes[0];
	var crumbs = C.el('p', 'crumbs');
	crumbs.id = 'zoomed';
	if (z !== nodes[0]) {
		crumbs.appendChild(document.createTextNode('Zoomed into ' +
		    (z.name || z.label) + ' ' + String.fromCharCode(8212) + ' '));
		var b = C.el('button', null, 'Reset zoom');
		b.type = 'button';
		b.addEventListener('click', function () { C.go({ zoom: null }); });
		crumbs.appendChild(b);
		listed(z).forEach(function (r, i) {
			crumbs.appendChild(document.createTextNode(i ? ', ' : ' '));
			crumbs.appendChild(C.fnLink(r.name, 'callers'));
		});
	} else
		crumbs.textContent = 'Not zoomed.';
	pane.appendChild(crumbs);
	var box = C.el('div');
	box.id = 'flame';
	pane.appendChild(box);
	var px = (box.clientWidth || 1000) / 100;
	var hit = state.fn !== null ? C.rows[state.fn].name : null;
	var chain = [];
	for (var a = z.parent; a; a = a.parent)
		chain.unshift(a);
	chain.forEach(function (n, i) { frame(box, n, 0, 100, i, 'anc'); });
	var deepest = draw(box, z, 0, 100, chain.length, px, hit);
	box.style.height = (deepest + 1) * FRAME_H + 'px';
	box.addEventListener('click', function (e) {
		var d = e.target.closest('.fr');
		if (d)
			C.go({ view: 'flame', zoom: +d.dataset.idx === 0 ? null :
			    +d.dataset.idx });
	});
	var tip = document.getElementById('tip');
	box.addEventListener('mousemove', function (e) {
		var d = e.target.closest('.fr');
		if (!d) {
			tip.hidden = true;
			return;
		}
		tip.textContent = about(nodes[+d.dataset.idx], z);
		tip.hidden = false;
		tip.style.left = Math.min(e.clientX + 12, innerWidth - 320) + 'px';
		tip.style.top = e.clientY + 14 + 'px';
	});
	box.addEventListener('mouseleave', function () { tip.hidden = true; });
	box.addEventListener('keydown', function (e) {
		var d = e.target.closest('.fr');
		if (d && (e.key === 'Enter' || e.key === ' ')) {
			e.preventDefault();
			d.click();
		}
	});
	box.addEventListener('focusin', function (e) {
		var d = e.target.closest('.fr'), r;
		if (!d)
			return;
		r = d.getBoundingClientRect();
		tip.textContent = about(nodes[+d.dataset.idx], z);
		tip.hidden = false;
		tip.style.left = Math.min(r.left + 12, innerWidth - 320) + 'px';
		tip.style.top = r.bottom + 4 + 'px';
	});
	box.addEventListener('focusout', function () { tip.hidden = true; });
};
})();
