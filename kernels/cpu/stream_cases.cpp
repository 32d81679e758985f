#include "kernels/cpu/stream_cases.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>

#include "kernels/cpu/buffer.hpp"
#include "kernels/inputs.hpp"
#include "kernels/precision_dispatch.hpp"
#include "kernels/stream.hpp"

namespace kernels::cpu {
namespace {

constexpr double kScalar = 3;  // STREAM's
constexpr std::array<std::uint64_t, 2> kInputSeeds = {101, 102};
constexpr std::uint64_t kOutputSeed = 103;  // the initial output an in-place op (daxpy) reads

template <class T>
class StreamCase final : public roofline::Case {
 public:
  StreamCase(roofline::CaseInfo info, StreamTechnique technique, const StreamCall& call,
             std::size_t n)
      : Case(std::move(info)), technique_(technique), call_(call), n_(n) {}

  void prepare() override {
    for (int k = 0; k < stream_inputs(call_.op); ++k) {
      inputs_[k].emplace(n_);
      fill_random(*inputs_[k], kInputSeeds[k], call_.threads, split());
    }
    if (stream_stores(call_.op)) {
      out_.emplace(n_);
      reset_output(T{0});
    }
  }

  void run() override { sum_ = call(call_); }

  // One pass from known values: daxpy reads its output and alternates s between passes, so only
  // a single pass has the textbook result (the other operations repeat the same pass).
  roofline::Verification verify() override {
    if (out_) reset_output(std::numeric_limits<T>::quiet_NaN());
    StreamCall once = call_;
    once.passes = 1;
    sum_ = std::numeric_limits<double>::quiet_NaN();
    sum_ = call(once);
    if (stream_stores(call_.op))
      return verify_stream_output<T>(
          call_.op, data(out_), data(inputs_[0]), data(inputs_[1]), n_, kScalar,
          [](std::size_t i) { return static_cast<T>(input_value(kOutputSeed, i)); });
    return verify_stream_sum<T>(call_.op, sum_, data(inputs_[0]), data(inputs_[1]), n_);
  }

  void release() override {
    out_.reset();
    for (auto& in : inputs_) in.reset();
  }

 private:
  double call(const StreamCall& c) {
    return technique_ == StreamTechnique::plain
               ? stream_plain(c, data(out_), data(inputs_[0]), data(inputs_[1]), n_, kScalar)
               : stream_run(c, data(out_), data(inputs_[0]), data(inputs_[1]), n_, kScalar);
  }
  static T* data(const std::optional<Buffer<T>>& b) { return b ? b->data() : nullptr; }
  // The output before a run: `value` everywhere, or known random values for an in-place op.
  void reset_output(T value) {
    if (stream_in_place(call_.op)) {
      fill_random(*out_, kOutputSeed, call_.threads, split());
    } else {
      fill_value(*out_, value, call_.threads, split());
    }
  }
  Split split() const {
    return technique_ == StreamTechnique::plain ? Split::omp_static : Split::blocks;
  }

  StreamTechnique technique_;
  StreamCall call_;
  std::size_t n_;
  std::optional<Buffer<T>> out_;
  std::array<std::optional<Buffer<T>>, 2> inputs_;
  double sum_ = 0;
};

}  // namespace

std::unique_ptr<roofline::Case> make_stream_case(roofline::CaseInfo info, StreamTechnique technique,
                                                 const StreamCall& call, roofline::Precision p,
                                                 std::size_t n) {
  return with_type<float, double>(
      p, "stream on the CPU", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<StreamCase<T>>(std::move(info), technique, call, n);
      });
}

std::unique_ptr<roofline::Case> make_stream_case(const roofline::Device& device,
                                                 StreamTechnique technique, const StreamCall& call,
                                                 roofline::Precision p, std::size_t n) {
  const nlohmann::json params = {{"n", n},
                                 {"threads", call.threads},
                                 {"isa", to_string(call.isa)},
                                 {"op", to_string(call.op)},
                                 {"store", to_string(call.store)},
                                 {"balanced", call.balanced}};
  const roofline::Work work = stream_work(call.op, p, static_cast<std::int64_t>(n), call.store);
  return make_stream_case(roofline::case_info(device, params, work, call.threads), technique, call,
                          p, n);
}

}  // namespace kernels::cpu
