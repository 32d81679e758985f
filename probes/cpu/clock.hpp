#pragma once
// The core clock as the cores actually run it: a chain of dependent integer adds retires one add
// per cycle on every x86-64 core, so adds per second is cycles per second.

#include <functional>

namespace probes::cpu {

// Runs the add chain on `threads` OpenMP threads at once (bound close, as the kernels are) for
// about `seconds` and returns the median over threads of each thread's best 0.25 ms timing, in Hz.
// `load`, when given, runs on every thread right before each timing, so the clock is the one the
// cores keep under that load: a core that slows down for wide vector instructions stays slow for
// milliseconds after them.
double measure_clock_hz(int threads, double seconds = 0.03,
                        const std::function<void()>& load = nullptr);

}  // namespace probes::cpu
