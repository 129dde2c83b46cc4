# cgannotate.bash: bash completion of cgannotate: its options (from its
# --help), their keyword values (--format=, --by=, ...), the events of
# the profiles on the line for --show=, --sort=, --fail-above= and
# --fail-above-function= (each item of a comma-separated list), and
# profiles or any file.  make install puts it in bash-completion's
# completions/ as cgannotate; or source it from ~/.bashrc.
# completion/_cgannotate is zsh's, its awk programs the same as these.

# _cgannotate_options CMD: CMD --help's options, one a line, as
# "NAME<TAB>ARG": ARG is "=WORD" for --name=WORD, " WORD" for an option
# whose argument is a word of its own (--diff OLD, -I DIR), empty for a
# flag.  Kept in _cgannotate_help until CMD changes.
_cgannotate_options()
{
	[[ ${_cgannotate_help_of-} == "$1" ]] && return
	_cgannotate_help=$(LC_ALL=C "$1" --help 2>/dev/null | awk '
	match($0, /^ +-/) && RLENGTH <= 9 {
		n = split($0, f, " ")
		k = 0
		for (i = 1; i <= n; i++) {
			t = f[i]
			more = sub(/,$/, "", t)
			if (t !~ /^-/)
				break
			name[++k] = t
			arg[k] = ""
			if ((e = index(t, "=")) > 0) {
				name[k] = substr(t, 1, e - 1)
				arg[k] = substr(t, e)
			} else if (!more && f[i + 1] ~ /^[A-Z][A-Z_]*$/)
				arg[k] = " " f[i + 1]
			if (!more)
				break
		}
		# -I, --include=DIR: the short option takes the word apart.
		for (j = 1; j <= k; j++) {
			a = arg[j]
			if (a == "" && name[j] !~ /^--/ && j < k && arg[j + 1] != "")
				a = " " substr(arg[j + 1], 2)
			print name[j] "\t" a
		}
	}')
	_cgannotate_help_of=$1
}

# _cgannotate_events FILE...: the events of the profiles among FILEs, from
# the events: and event: lines of each one's header (read until its first
# cost or position line), once each, in order.
_cgannotate_events()
{
	local f
	for f in "$@"; do
		[[ -f $f && -r $f ]] || continue
		gzip -dcf -- "$f" 2>/dev/null | LC_ALL=C awk '
		NR > 1000 || /^(fl|fi|fe|fn|ob|cob|cfi|cfl|cfn|calls|jump|jcnd)=/ ||
		    /^[0-9+*-]/ { exit }
		/^events:/ {
			sub(/^events:[ \t]*/, "")
			n = split($0, e, /[ \t]+/)
			for (i = 1; i <= n; i++)
				if (e[i] != "")
					print e[i]
		}
		/^event:/ {
			sub(/^event:[ \t]*/, "")
			if ($0 ~ /^[^ \t=:]+[ \t]*=/) {
				sub(/[ \t]*=.*/, "")
				print
			}
		}'
	done | awk '!seen[$0]++'
}

# _cgannotate_dequote WORD: WORD as the shell would pass it, quotes and
# backslashes removed and a leading ~/ expanded, into REPLY.
_cgannotate_dequote()
{
	local s=$1 q='' c i
	REPLY=
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		if [[ $q == "'" ]]; then
			[[ $c == "'" ]] && q= || REPLY+=$c
		elif [[ $c == \\ && ( -z $q || ${s:i+1:1} == [\"\\\$\`] ) ]]; then
			((i++))
			REPLY+=${s:i:1}
		elif [[ $c == '"' && $q == '"' ]]; then
			q=
		elif [[ -z $q && ( $c == "'" || $c == '"' ) ]]; then
			q=$c
		else
			REPLY+=$c
		fi
	done
	[[ $REPLY == \~/* ]] && REPLY=$HOME/${REPLY#\~/}
	return 0
}

# _cgannotate_files PREFIX: the profiles and directories whose names start
# with PREFIX, or every file when no profile does.
_cgannotate_files()
{
	local IFS=$'\n' f all=() some=0
	for f in $(compgen -f -- "$1"); do
		if [[ -d $f ]]; then
			all+=("$f")
			continue
		fi
		case ${f##*/} in
		callgrind.out* | cachegrind.out* | *.callgrind* | *.cachegrind* | *.gz)
			all+=("$f")
			some=1
			;;
		esac
	done
	((some)) || mapfile -t all < <(compgen -f -- "$1")
	printf '%s\n' "${all[@]}"
}

_cgannotate()
{
	local cmd line rest w i new=1 cur part pre prev opt val head arg
	local IFS=$'\n' words=() cands=() profiles=() events=() nospace=0
	local files=0 dirs=0

	COMPREPLY=()

	# The words up to the cursor, whole: bash breaks --show=Ir,Dr at =
	# and : (COMP_WORDBREAKS); the line says where blanks divide them.
	line=${COMP_LINE:0:COMP_POINT}
	rest=$line
	for ((i = 0; i <= COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [[ $rest == [[:space:]]* ]]; then
			rest=${rest#"${rest%%[![:space:]]*}"}
			new=1
		fi
		if ((i == COMP_CWORD)); then
			w=$rest		# the word up to the cursor
		elif [[ $rest == "$w"* ]]; then
			rest=${rest#"$w"}
		else
			words=()	# a line not made of its words
			break
		fi
		if ((new)); then
			words+=("$w")
		else
			words[${#words[@]} - 1]+=$w
		fi
		new=0
	done
	if ((${#words[@]} == 0)); then
		words=("${COMP_WORDS[@]:0:COMP_CWORD}")
		w=${COMP_WORDS[COMP_CWORD]}
		words+=("$w")
	fi
	# What readline replaces: the last piece of cur, or nothing right
	# after an = or : (where COMP_WORDS has the = or : as a word).
	part=$w
	[[ $line == *[=:] ]] && part=
	cur=${words[${#words[@]} - 1]}
	pre=${cur:0:${#cur}-${#part}}
	prev=
	((${#words[@]} > 1)) && prev=${words[${#words[@]} - 2]}
	_cgannotate_dequote "${words[0]}"
	cmd=$REPLY
	_cgannotate_options "$cmd"

	# Which option's value is being completed, and what comes before it.
	opt=
	if [[ $cur == --*=* ]]; then
		opt=${cur%%=*}
		head=$opt=
		val=${cur#*=}
	elif [[ $prev == -* && $prev != *=* && $cur != -* ]]; then
		arg=$(printf '%s\n' "$_cgannotate_help" |
		    awk -F'\t' -v o="$prev" '$1 == o { print $2 }')
		[[ $arg == [=\ ]* ]] && opt=$prev
		head=
		val=$cur
	fi

	if [[ -n $opt ]]; then
		arg=$(printf '%s\n' "$_cgannotate_help" |
		    awk -F'\t' -v o="$opt" '$1 == o { print substr($2, 2) }')
		case $opt in
		--show | --sort | --fail-above | --fail-above-function)
			# The profiles on the line (--diff's too), or the one
			# cgannotate would read: the newest in this directory.
			for ((i = 1; i < ${#words[@]} - 1; i++)); do
				_cgannotate_dequote "${words[i]}"
				case $REPLY in
				--diff=*) profiles+=("${REPLY#--diff=}") ;;
				-*) ;;
				*) profiles+=("$REPLY") ;;
				esac
			done
			for ((i = COMP_CWORD + 1; i < ${#COMP_WORDS[@]}; i++)); do
				[[ ${COMP_WORDS[i]} == [!=:-]* ]] &&
				    _cgannotate_dequote "${COMP_WORDS[i]}" &&
				    profiles+=("$REPLY")
			done
			if ((${#profiles[@]} == 0)); then
				for w in callgrind.out* cachegrind.out*; do
					[[ -f $w && ( -z ${profiles[0]-} ||
					    $w -nt ${profiles[0]} ) ]] &&
					    profiles=("$w")
				done
			fi
			mapfile -t events < <(_cgannotate_events "${profiles[@]}")
			# Each item of the list: those before it are kept,
			# and not offered again.
			local kept=${val%"${val##*,}"} item=${val##*,} e
			[[ $item == *:* ]] && return 0
			for e in "${events[@]}"; do
				[[ $e == "$item"* && ,$kept != *,"$e"[,:]* ]] ||
				    continue
				if [[ $opt == --fail-above* ]]; then
					cands+=("$head$kept$e:")
				else
					cands+=("$head$kept$e")
				fi
			done
			nospace=1
			;;
		*)
			case $arg in
			*\|*)
				for w in $(compgen -W "${arg//|/$'\n'}" -- "$val"); do
					cands+=("$head$w")
				done
				;;
			OLD | FILE*) files=1 ;;
			DIR*) dirs=1 ;;
			esac
			;;
		esac
	elif [[ $cur == -* && $prev != -- ]]; then
		while IFS=$'\t' read -r w arg; do
			[[ $w == "$cur"* ]] || continue
			[[ $arg == =* ]] && w+='='
			cands+=("$w")
		done <<<"$_cgannotate_help"
		[[ ${#cands[@]} == 1 && ${cands[0]} == *= ]] && nospace=1
	else
		files=1
		head=
		val=$cur
	fi

	if ((files || dirs)); then
		_cgannotate_dequote "$val"
		if ((dirs)); then
			mapfile -t cands < <(compgen -d -- "$REPLY")
		else
			mapfile -t cands < <(_cgannotate_files "$REPLY")
		fi
		cands=("${cands[@]/#/$head}")
		compopt -o filenames 2>/dev/null
	fi
	for w in "${cands[@]}"; do
		COMPREPLY+=("${w#"$pre"}")
	done
	((nospace)) && compopt -o nospace 2>/dev/null
	return 0
}

complete -F _cgannotate cgannotate
