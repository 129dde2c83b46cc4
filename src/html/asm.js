/*
 * asm.js: the Machine code view of cgannotate's report page, with
 * --asm=yes: the chosen function's instructions as objdump prints them
 * (the page's "asm" member), each with its cost, the source line it came
 * from where that changes, the calls made from it and its jumps (the
 * JSON document's "instructions"), as the text report prints them.
 */
(function () {
'use strict';

function hex(n) {
	return '0x' + n.toString(16);
}

/* The page's code of each function, by file and name. */
var code = null;
function codeOf(f) {
	var A = window.cga.P.asm;
	if (code === null) {
		code = new Map();
		A.functions.forEach(function (a) {
			code.set(a.file + '\n' + a.name, a);
		});
	}
	return code.get(f.file + '\n' + f.name);
}

/* A cell for each shown event's count in cost (none: blank), the share. */
function costCells(tr, cost) {
	var C = window.cga;
	C.SHOW.forEach(function (ev) {
		var n = cost ? cost[ev] : undefined;
		var td = C.el('td', 'num ' + (cost ? C.sign(n) : ''),
		    cost ? C.count(n) : '');
		td.dataset.event = ev;
		tr.appendChild(td);
	});
	tr.appendChild(C.el('td', 'pct', cost ? C.share(cost[C.SHOW[0]],
	    C.SHOW[0]) : ''));
	return tr;
}

/* A row of the code table: cost cells, then the rest in one cell. */
function row(cls, cost, what) {
	var C = window.cga, tr = costCells(C.el('tr', cls), cost);
	var td = C.el('td', 'code');
	td.colSpan = 2;
	what.forEach(function (x) {
		td.appendChild(typeof x === 'string' ? document.createTextNode(x) :
		    x);
	});
	tr.appendChild(td);
	return tr;
}

/* "jcnd 830/1,000 taken -> 0x4011a0" or "jump 1,234x -> 0x4011a0". */
function jumpText(j, a, f) {
	var C = window.cga;
	return (j.conditional ? 'jcnd ' + C.count(j.count) + '/' +
	    C.count(j.executed) + ' taken' : 'jump ' + C.count(j.count) + 'x') +
	    ' -> ' + hex(j.target.address - a.bias) +
	    (j.target.function !== null && j.target.function !== f.name ?
	    ' in ' + j.target.function : '');
}

function table(f, a) {
	var C = window.cga, recs = new Map(), sum = {}, file = null, line = null;
	f.instructions.forEach(function (r) { recs.set(r.address, r); });
	var t = C.el('table', 'src asm'), hr = C.el('tr');
	C.SHOW.forEach(function (ev) { hr.appendChild(C.el('th', null, ev)); });
	C.add(hr, C.el('th', null, '%'), C.el('th', null, 'address'),
	    C.el('th', 'name', 'instruction'));
	C.add(t, C.add(C.el('thead'), hr));
	var tb = C.el('tbody');
	a.code.forEach(function (k) {
		/* Where a piece of the code starts (a .cold part apart). */
		if (typeof k === 'string') {
			tb.appendChild(row('at', null, [k]));
			file = line = null;
			return;
		}
		if (typeof k === 'number') {
			tb.appendChild(row('gap', null, ['\u2026 ' + C.plain(k) +
			    (k === 1 ? ' instruction' : ' instructions') +
			    ' without cost left out']));
			return;
		}
		var r = recs.get(k[0] + a.bias);
		if (r && (r.file !== file || r.line !== line)) {
			file = r.file;
			line = r.line;
			tb.appendChild(row('at', null, [file + ':' + line]));
		}
		var own = r && Object.keys(r.cost).length ? r.cost : null;
		if (own)
			C.SHOW.forEach(function (ev) {
				if (own[ev] !== undefined)
					sum[ev] = (sum[ev] || 0) + own[ev];
			});
		var tab = k[1].indexOf('\t');
		var tr = C.el('tr', 'insn' + (own ? '' : ' cold'));
		tr.dataset.addr = k[0] + a.bias;
		C.add(costCells(tr, own), C.el('td', 'addr', k[0].toString(16)),
		    C.add(C.el('td', 'code'), C.el('span', 'bytes', tab < 0 ? '' :
		    k[1].slice(0, tab).trim()), document.createTextNode(tab < 0 ? k[1] :
		    k[1].slice(tab + 1))));
		tb.appendChild(tr);
		(r ? r.calls : []).forEach(function (c) {
			var x = row('site', c.cost, ['\u21d2 ', C.fnLink(c.function,
			    'asm'), ' (' + C.count(c.count) + 'x)']);
			x.dataset.addr = k[0] + a.bias;
			tb.appendChild(x);
		});
		(r ? r.jumps : []).forEach(function (j) {
			var x = row('jump', null, [jumpText(j, a, f)]);
			x.dataset.addr = k[0] + a.bias;
			tb.appendChild(x);
		});
	});
	tb.appendChild(row('total', sum, ['total of the instructions']));
	return C.add(t, tb);
}

function one(pane, f) {
	var C = window.cga, a = codeOf(f);
	var box = C.add(C.el('div', 'file'), C.el('h3', null, f.file + ':' +
	    f.name + (f.object ? ' [' + f.object + ']' : '')));
	pane.appendChild(box);
	if (!a) {
		box.appendChild(C.el('p', 'note', 'The page holds no machine ' +
		    'code of this function.'));
		return;
	}
	if (a.none) {
		box.appendChild(C.el('p', 'note', 'No machine code: ' + a.none));
		return;
	}
	if (a.note)
		box.appendChild(C.el('p', 'note', 'Note: ' + a.note));
	box.appendChild(C.el('p', 'note', 'objdump\'s ' +
	    (C.P.asm.syntax === 'intel' ? 'Intel' : 'AT&T') + ' syntax; ' +
	    'the instructions within ' + C.P.asm.context + ' of one with a ' +
	    'cost, a call or a jump; addresses are the object\'s' +
	    (a.bias ? ' (the profile\'s less ' + hex(a.bias) + ')' : '') +
	    '.'));
	box.appendChild(table(f, a));
}

window.cgaAsm = function (pane, r) {
	var C = window.cga, A = C.P.asm;
	C.add(pane, C.el('h2', null, r.name));
	if (!A) {
		pane.appendChild(C.el('p', 'note', 'The page was made without ' +
		    '--asm=yes: it holds no machine code.'));
		return;
	}
	if (A.none) {
		pane.appendChild(C.el('p', 'note', 'No machine code: ' + A.none +
		    '.'));
		return;
	}
	r.fns.forEach(function (f) { one(pane, f); });
};
})();
