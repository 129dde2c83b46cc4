/* newer.c: tests/golden/golden.sh makes it newer than newer.callgrind. */
int main(void)
{
    return 0;
}
