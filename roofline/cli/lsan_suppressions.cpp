// Built into rooflab with the sanitizers only (ROOFLAB_SANITIZE). LeakSanitizer's default
// suppressions: PAPI 7.0 loses strdup'd strings while it enumerates a component's events (direct
// leaks inside libpapi, seen when `--counters` looks for memory-controller events).
extern "C" const char* __lsan_default_suppressions() { return "leak:libpapi.so\n"; }
