// The checks of the stream and nested SAXPY cases on the device, so that a check of DRAM-sized
// arrays moves a few words per work-group to the host instead of the arrays, and no input is
// made on the host: the inputs from their seeds (kernels/inputs.hpp's input_value, bit for bit),
// each element's exact reference (kernels/stream_exact.hpp, kernels/nested_saxpy.hpp) and each
// work-group's findings, which the host combines (kernels/opencl/device_check.cpp). Built with
// -DREAL=float|double on a device with cl_khr_fp64. The error-free transformations break if
// a·b + c is contracted into an FMA:
#pragma OPENCL FP_CONTRACT OFF

// Uniform in ±[0.5, 1.5) (splitmix64 of seed and index).
double input_value(ulong seed, ulong i) {
  ulong z = seed * 0xD1B54A32D192ED03UL + (i + 1) * 0x9E3779B97F4A7C15UL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
  z ^= z >> 31;
  const double magnitude = 0.5 + (double)(z >> 11) * 0x1p-53;
  return (z & 1) ? -magnitude : magnitude;
}

// An input as the array holds it.
double input_as_real(ulong seed, ulong i) { return (REAL)input_value(seed, i); }

kernel void fill_inputs(global REAL* a, const ulong seed, const ulong n) {
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) a[i] = (REAL)input_value(seed, i);
}

// The reference hi + lo, and Σ|terms|, what the result's rounding errors scale with.
typedef struct {
  double hi, lo, magnitude;
} Exact;

// a + b = hi + lo exactly (Knuth's TwoSum).
Exact exact_sum(double a, double b, double magnitude) {
  Exact v;
  v.hi = a + b;
  const double bb = v.hi - a;
  v.lo = (a - (v.hi - bb)) + (b - bb);
  v.magnitude = magnitude;
  return v;
}

// a + s·b, the product's error from the FMA (TwoProduct).
Exact exact_axpy(double a, double s, double b) {
  const double product = s * b;
  Exact v = exact_sum(a, product, fabs(a) + fabs(product));
  v.lo += fma(s, b, -product);
  return v;
}

// Folds element i's relative error into a work-item's findings (NaN counts as infinite).
void take(double result, Exact reference, double tolerance, ulong i, double* worst, ulong* bad) {
  double e = fabs((result - reference.hi) - reference.lo) / reference.magnitude;
  if (isnan(e)) e = INFINITY;
  *worst = fmax(*worst, e);
  if (!(e <= tolerance) && i < *bad) *bad = i;
}

// A work-group's findings (a power-of-two size): its largest error and its first bad index.
void report(double worst, ulong bad, local double* worsts, local ulong* bads,
            global double* group_worst, global ulong* group_bad) {
  const size_t l = get_local_id(0);
  worsts[l] = worst;
  bads[l] = bad;
  for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < stride) {
      worsts[l] = fmax(worsts[l], worsts[l + stride]);
      bads[l] = min(bads[l], bads[l + stride]);
    }
  }
  if (l == 0) {
    group_worst[get_group_id(0)] = worsts[0];
    group_bad[get_group_id(0)] = bads[0];
  }
}

// One element of a stream operation's output (kernels/stream_exact.hpp); op as
// kernels/opencl/device_check.cpp numbers them: 0 write, 1 copy, 2 scale, 3 add, 4 triad, 5 daxpy.
Exact stream_element(int op, double s, double in1, double in2, double out0) {
  Exact v = {0, 0, 0};
  switch (op) {
    case 0:
      v.hi = s;
      v.magnitude = fabs(s);
      return v;
    case 1:
      v.hi = in1;
      v.magnitude = fabs(in1);
      return v;
    case 2:
      v.hi = s * in1;
      v.lo = fma(s, in1, -v.hi);
      v.magnitude = fabs(v.hi);
      return v;
    case 3:
      return exact_sum(in1, in2, fabs(in1) + fabs(in2));
    case 4:
      return exact_axpy(in1, s, in2);
    default:
      return exact_axpy(out0, s, in1);
  }
}

kernel void check_stream(global const REAL* out, const ulong n, const double tolerance,
                         const int op, const double s, const ulong in1_seed, const ulong in2_seed,
                         const ulong out0_seed, global double* group_worst,
                         global ulong* group_bad, local double* worsts, local ulong* bads) {
  double worst = 0;
  ulong bad = n;
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
    take(out[i],
         stream_element(op, s, input_as_real(in1_seed, i), input_as_real(in2_seed, i),
                        input_as_real(out0_seed, i)),
         tolerance, i, &worst, &bad);
  report(worst, bad, worsts, bads, group_worst, group_bad);
}

// The exact sum of read's terms in1[i] (dot: in1[i]·in2[i], each product split exactly) as a
// double-double per work-group, with Σ|terms|: three doubles per work-group.
kernel void exact_stream_sum(const ulong n, const int dot, const ulong in1_seed,
                             const ulong in2_seed, global double* group_sum,
                             local double* his, local double* los, local double* magnitudes) {
  Exact sum = {0, 0, 0};
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
    const double a = input_as_real(in1_seed, i);
    const double term = dot ? a * input_as_real(in2_seed, i) : a;
    const Exact next = exact_sum(sum.hi, term, sum.magnitude + fabs(term));
    sum.lo += next.lo + (dot ? fma(a, input_as_real(in2_seed, i), -term) : 0);
    sum.hi = next.hi;
    sum.magnitude = next.magnitude;
  }
  const size_t l = get_local_id(0);
  his[l] = sum.hi;
  los[l] = sum.lo;
  magnitudes[l] = sum.magnitude;
  for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < stride) {
      const Exact both = exact_sum(his[l], his[l + stride], 0);
      his[l] = both.hi;
      los[l] += los[l + stride] + both.lo;
      magnitudes[l] += magnitudes[l + stride];
    }
  }
  if (l == 0) {
    const size_t g = get_group_id(0);
    group_sum[3 * g] = his[0];
    group_sum[3 * g + 1] = los[0];
    group_sum[3 * g + 2] = magnitudes[0];
  }
}

// y after one call of the m-deep nested SAXPY, in closed form from x and y0 with the weights of
// y0 and x (kernels/nested_saxpy.hpp's exact_nested_saxpy).
kernel void check_nested_saxpy(global const REAL* y, const ulong n, const double tolerance,
                               const double weight_x, const double weight_y, const ulong x_seed,
                               const ulong y0_seed, global double* group_worst,
                               global ulong* group_bad, local double* worsts, local ulong* bads) {
  double worst = 0;
  ulong bad = n;
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
    const double x = input_as_real(x_seed, i), y0 = input_as_real(y0_seed, i);
    const double weighted_y = weight_y * y0;
    Exact v = exact_axpy(weighted_y, weight_x, x);
    v.lo += fma(weight_y, y0, -weighted_y);
    v.magnitude = fabs(x) + fabs(y0);
    take(y[i], v, tolerance, i, &worst, &bad);
  }
  report(worst, bad, worsts, bads, group_worst, group_bad);
}
