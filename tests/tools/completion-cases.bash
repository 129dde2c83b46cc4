# completion-cases.bash: sourced by completion.sh in bash: reads cases
# "LINE<TAB>WANT" from standard input and calls _cgannotate on each LINE as
# bash would for a Tab at its end (or at a | in it), COMP_WORDS broken at
# blanks and at = and : as COMP_WORDBREAKS has it; prints "ok" or "FAIL
# LINE: ..." a case.  WANT is the words the one being completed may
# become, sorted, blank-separated; COMPREPLY holds the last piece of each.

# split LINE: COMP_WORDS as bash makes them: words at unquoted blanks,
# each broken again at runs of unquoted = and :; where the last word
# starts, in start.
split()
{
	local s=$1 q='' c i w='' brk=0 started=0
	COMP_WORDS=()
	start=0
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		if [[ -z $q && ( $c == ' ' || $c == $'\t' ) ]]; then
			((started)) && COMP_WORDS+=("$w")
			w='' started=0 brk=0 start=$((i + 1))
			continue
		fi
		if [[ -z $q && ( $c == = || $c == : ) ]]; then
			((started && !brk)) && COMP_WORDS+=("$w") && w=
			brk=1
		elif ((brk)); then
			COMP_WORDS+=("$w")
			w='' brk=0
		fi
		started=1
		w+=$c
		if [[ $c == \\ && $q != "'" ]]; then
			((i++))
			w+=${s:i:1}
		elif [[ -z $q && ( $c == "'" || $c == '"' ) ]]; then
			q=$c
		elif [[ $c == "$q" ]]; then
			q=
		fi
	done
	COMP_WORDS+=("$w")
}

while IFS=$'\t' read -r line want; do
	at=${line%%|*}
	[[ $at == "$line" ]] || line=$at${line#*|}
	COMP_LINE=$line
	COMP_POINT=${#at}
	split "$at"
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	last=${COMP_WORDS[COMP_CWORD]}
	# What readline replaces ends at the = or : before the cursor.
	[[ $at == *[=:] ]] && last=
	word=${at:start}
	split "$line"
	COMPREPLY=()
	_cgannotate
	# The whole word each reply makes: the word's pieces before the last.
	pre=${word:0:${#word}-${#last}}
	got=$(for r in "${COMPREPLY[@]}"; do
		printf '%s\n' "$pre$r"
	done | LC_ALL=C sort | tr '\n' ' ')
	got=${got% }
	if [[ $got == "$want" ]]; then
		echo ok
	else
		echo "FAIL '$at': got '$got', expected '$want'"
	fi
done
