#include "roofline/counting.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <set>

namespace roofline {
namespace {

std::string kernel_name(const CaseInfo& info) {
  std::string name =
      info.family + " " + info.variant + " " + std::string(to_string(info.work.precision));
  for (const char* key : {"op", "m"}) {
    if (!info.params.contains(key)) continue;
    const auto& v = info.params[key];
    name += " " + std::string(key) + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
  }
  return name;
}

std::string ratio_text(double ratio, double tolerance) {
  char text[96];
  std::snprintf(text, sizeof text, "ratio %.4f, tolerance ±%g%%", ratio, tolerance * 100);
  return text;
}

}  // namespace

double calibration_tolerance(const std::string& quantity) {
  if (quantity == kFlops) return kFlopsTolerance;
  if (quantity == kCpuSeconds) return kCpuTimeTolerance;
  return kBytesTolerance;
}

std::optional<double> expected_value(const std::string& quantity, const Work& work,
                                     double cpu_seconds) {
  if (quantity == kFlops) return work.flops;
  if (quantity == kCpuSeconds) return cpu_seconds;
  if (!level_of_quantity(quantity).empty())
    return work.bytes_write_allocate > 0 ? work.bytes_write_allocate : work.bytes;
  return std::nullopt;
}

std::map<std::string, double> quantities(const std::vector<EventSpec>& events,
                                         const std::vector<EventReading>& readings) {
  std::map<std::string, double> sums;
  for (std::size_t i = 0; i < events.size() && i < readings.size(); ++i) {
    if (events[i].quantity.empty() || !readings[i].value) continue;
    sums[events[i].quantity] += events[i].weight * *readings[i].value;
  }
  return sums;
}

Counting::Counting(std::unique_ptr<CounterProvider> provider, std::vector<EventSpec> events)
    : provider_(std::move(provider)), events_(std::move(events)) {
  provider_->open(events_);
}

Counting::Counted Counting::count_call(Case& c) {
  Counted counted;
  provider_->start();
  try {
    c.run();
  } catch (...) {
    provider_->stop();
    throw;
  }
  counted.readings = provider_->stop();
  counted.cpu_seconds = provider_->cpu_seconds().value_or(0);
  return counted;
}

std::vector<Calibration> Counting::calibrate(std::vector<std::unique_ptr<Case>>& cases,
                                             const std::string& device,
                                             std::vector<std::string>& failures) {
  std::vector<Calibration> records;
  for (auto& c : cases) {
    const std::string kernel = kernel_name(c->info());
    try {
      c->prepare();
      const Verification v = c->verify();
      if (!v.passed) {
        failures.push_back("calibration kernel " + kernel + " failed verification: " + v.message);
      } else {
        const Counted counted = count_call(*c);
        const auto sums = quantities(events_, counted.readings);
        // Events that count nothing here (no perf events, say) fail alike on every kernel, and
        // each kernel is prepared at a size of its level: minutes for nothing on a small host.
        if (sums.empty()) {
          std::string why = "no event of a calibrated quantity";
          for (std::size_t i = 0; i < events_.size() && i < counted.readings.size(); ++i)
            if (!events_[i].quantity.empty() && !counted.readings[i].unavailable.empty()) {
              why = events_[i].name + ": " + counted.readings[i].unavailable;
              break;
            }
          failures.push_back("calibration stopped: nothing was counted on " + kernel + " (" + why +
                             "); the other calibration kernels are skipped");
          c->release();
          break;
        }
        for (const auto& [quantity, measured] : sums) {
          const auto expected = expected_value(quantity, c->info().work, counted.cpu_seconds);
          if (!expected || *expected <= 0) continue;
          Calibration record{.device = device,
                             .quantity = quantity,
                             .events = {},
                             .kernel = kernel,
                             .expected = *expected,
                             .measured = measured,
                             .tolerance = calibration_tolerance(quantity)};
          for (std::size_t i = 0; i < events_.size(); ++i)
            if (events_[i].quantity == quantity && counted.readings[i].value) {
              record.events.push_back(events_[i].name);
              calibrated_.insert(i);
            }
          records.push_back(std::move(record));
        }
      }
    } catch (const std::exception& e) {
      failures.push_back("calibration kernel " + kernel + ": " + e.what());
    }
    c->release();
  }

  // A quantity agrees when all its records agree; the note gives the ratio farthest from 1.
  std::map<std::string, const Calibration*> worst;
  std::map<std::string, bool> all_agree;
  for (const Calibration& r : records) {
    auto [it, fresh] = worst.try_emplace(r.quantity, &r);
    if (!fresh && std::abs(r.ratio() - 1) > std::abs(it->second->ratio() - 1)) it->second = &r;
    all_agree.try_emplace(r.quantity, true).first->second &= r.agrees();
  }
  for (const auto& [quantity, record] : worst) {
    const std::string ratio = ratio_text(record->ratio(), record->tolerance);
    verdicts_[quantity] =
        all_agree[quantity]
            ? QuantityVerdict{Verdict::agrees, ratio + " (farthest of the calibration kernels)"}
            : QuantityVerdict{Verdict::disagrees,
                              ratio + " on " + record->kernel + ": not used to place points"};
  }
  return records;
}

Counter Counting::counter(std::size_t event, const EventReading& reading) const {
  Counter out;
  out.value = reading.value;
  out.source = provider_->source(event);
  const std::string& quantity = events_[event].quantity;
  if (!reading.value) {
    out.verdict = Verdict::unavailable;
    out.note = reading.unavailable;
  } else if (quantity.empty()) {
    out.verdict = Verdict::uncalibrated;
    out.note = "shown only: adds to no measured quantity";
  } else {
    const auto it = verdicts_.find(quantity);
    const QuantityVerdict v = it == verdicts_.end() ? QuantityVerdict{} : it->second;
    out.verdict = v.verdict;
    out.note = quantity + ": " + v.note;
  }
  return out;
}

void Counting::count(Case& c, Result& r) {
  r.counters.clear();
  r.measured.reset();
  Counted counted;
  try {
    counted = count_call(c);
  } catch (const std::exception& e) {
    for (std::size_t i = 0; i < events_.size(); ++i)
      r.counters[events_[i].name] =
          counter(i, {std::nullopt, std::string("counted call failed: ") + e.what()});
    return;
  }
  // A quantity is measured only when it agreed in calibration and every event that was summed
  // there was counted now too.
  std::set<std::string> incomplete;
  for (std::size_t i = 0; i < events_.size(); ++i) {
    r.counters[events_[i].name] = counter(i, counted.readings[i]);
    if (!counted.readings[i].value && calibrated_.contains(i))
      incomplete.insert(events_[i].quantity);
  }
  MeasuredWork measured;
  for (const auto& [quantity, value] : quantities(events_, counted.readings)) {
    const auto it = verdicts_.find(quantity);
    if (it == verdicts_.end() || it->second.verdict != Verdict::agrees) continue;
    if (incomplete.contains(quantity)) continue;
    if (quantity == kFlops) {
      measured.flops = value;
    } else if (const std::string level = level_of_quantity(quantity); !level.empty()) {
      measured.bytes[level] = value;
    }
  }
  if (measured.flops)
    for (const auto& [level, bytes] : measured.bytes)
      if (bytes > 0) measured.ai[level] = *measured.flops / bytes;
  if (measured.flops || !measured.bytes.empty()) r.measured = std::move(measured);
}

}  // namespace roofline
