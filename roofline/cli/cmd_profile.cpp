// rooflab profile [-d DEV] [--machine m.json] [-o profile.json] -- PROGRAM [ARGS...]: the program
// runs unmodified, once plain (timed) and once with the backend's recorder in its environment;
// what that recorded becomes one result per kernel (or marked region), placed on the device's
// measured roofs.
#include <regex.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "reports/program_section.hpp"
#include "roofline/cli/cluster_run.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/counting_setup.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/program_run.hpp"
#include "roofline/input_error.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/json_io.hpp"
#include "roofline/program.hpp"
#include "roofline/provenance.hpp"

namespace cli {
namespace {

void check_filter(const std::string& pattern) {
  if (pattern.empty()) return;
  regex_t compiled;
  if (regcomp(&compiled, pattern.c_str(), REG_EXTENDED | REG_NOSUB) != 0)
    throw roofline::InputError("--kernels '" + pattern +
                               "' is no extended regular expression (POSIX ERE)");
  regfree(&compiled);
}

// The device to profile on: the one named, else the first GPU whose backend can profile
// programs, else the CPU.
Selected profiled_device(const Session& s, const std::string& id) {
  if (!id.empty()) return select_devices(s, {id}).front();
  std::vector<Selected> all;
  try {
    all = select_devices(s, {});
  } catch (const roofline::InputError&) {
  }
  for (const Selected& d : all)
    if (d.device.backend == "cuda") return d;
  return select_devices(s, {"cpu"}).front();
}

// Each calibrated quantity's verdict: it agrees when every calibration kernel agreed.
roofline::QuantityVerdicts verdicts_of(const std::vector<roofline::Calibration>& records) {
  roofline::QuantityVerdicts verdicts;
  std::map<std::string, int> kernels;
  for (const roofline::Calibration& c : records) {
    auto [it, fresh] = verdicts.try_emplace(c.quantity, roofline::Verdict::agrees, "");
    ++kernels[c.quantity];
    if (!c.agrees()) {
      it->second.first = roofline::Verdict::disagrees;
      char text[160];
      std::snprintf(text, sizeof text, "calibration: %s measured %.4g of %.4g expected",
                    c.kernel.c_str(), c.measured, c.expected);
      it->second.second = text;
    }
  }
  for (auto& [quantity, verdict] : verdicts)
    if (verdict.first == roofline::Verdict::agrees)
      verdict.second =
          "calibration: agreed on " + std::to_string(kernels[quantity]) + " kernels of known work";
  return verdicts;
}

}  // namespace

void add_profile_command(CLI::App& app, Session& s) {
  struct Opts {
    std::string device, machine, kernels, output = "profile.json";
    int sample = 1;
    bool no_plain_run = false;
    std::vector<std::string> program;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "profile",
      "Run a program unmodified and place each of its kernels (or marked regions) on the roofline");
  cmd->add_option("-d,--device", opts->device,
                  "Device id (rooflab devices); default: the first CUDA GPU, else cpu");
  cmd->add_option("--machine", opts->machine,
                  "Machine profile (rooflab probe) whose measured roofs place the kernels")
      ->check(names_a_path());
  cmd->add_option("--sample", opts->sample,
                  "Count the first N launches of each kernel and shape with the hardware counters "
                  "(each replayed once per pass); 0: time only")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--kernels", opts->kernels,
                  "Count only kernels whose demangled name matches this POSIX extended regular "
                  "expression (every launch is still timed)");
  cmd->add_flag("--no-plain-run", opts->no_plain_run,
                "Do not run the program once without the profiler first (its time is the "
                "profile's overhead reference)");
  cmd->add_option("-o,--output", opts->output, "Profile (a results file) to write")
      ->capture_default_str()
      ->check(names_a_path());
  cmd->add_option("program", opts->program, "-- PROGRAM [ARGS...]")->required();
  cmd->callback([&s, opts] {
    roofline::install_interrupt_handlers(roofline::OnSignal::finish_then_write);
    check_filter(opts->kernels);
    Selected selected = profiled_device(s, opts->device);
    const auto profiler = selected.backend->program_profiler();
    if (!profiler)
      throw roofline::InputError("device " + selected.device.id + ": the " +
                                 selected.backend->name() + " backend cannot profile programs");
    const auto lock = check_output(opts->output, {opts->machine});
    roofline::Results results;
    results.provenance = roofline::collect_provenance(s.command_line);
    if (!opts->machine.empty()) {
      results.machine = machine_for_node(opts->machine, -1, {selected.device.id});
      for (const roofline::Device& d : results.machine.devices)
        if (d.id == selected.device.id) selected.device = d;
    } else {
      results.machine.provenance = results.provenance;
    }
    const roofline::ProgramOptions options{.sample = opts->sample, .kernels = opts->kernels};
    roofline::ProgramRun program;
    program.command = opts->program;
    program.sample = opts->sample;
    program.kernels = opts->kernels;
    if (!opts->no_plain_run) {
      std::fprintf(stderr, "profile: the program, plain\n");
      program.plain_seconds = run_program(opts->program, {}).seconds;
    }
    std::fprintf(stderr, "profile: the program, profiled on %s\n", selected.device.id.c_str());
    const RecordingFolder folder;
    const ProgramExit profiled =
        run_program(opts->program, profiler->environment(folder.path(), options));
    program.seconds = profiled.seconds;
    program.exit_code = profiled.code;
    // Where the counters measured work, their definitions are checked on kernels of known work
    // first (as `run --counters` does), and the recording read again with the verdicts.
    roofline::ProgramRun counted_run = program;
    results.results = profiler->collect(folder.path(), selected.device, {}, counted_run);
    const bool measured =
        std::any_of(results.results.begin(), results.results.end(),
                    [](const roofline::Result& r) { return r.measured.has_value(); });
    if (measured)
      if (auto counting = open_counting(*selected.backend, selected.device, {})) {
        std::fprintf(stderr, "profile: calibrating the counters on kernels of known work\n");
        calibrate(*counting, *selected.backend, selected.device, results.calibration);
        counted_run = program;
        results.results = profiler->collect(folder.path(), selected.device,
                                            verdicts_of(results.calibration), counted_run);
      }
    program = counted_run;
    results.machine.devices = {selected.device};
    results.program = program;
    roofline::write_json_atomic(opts->output, roofline::to_json(results));
    std::printf("%s", reports::profile_table(results).c_str());
    std::printf("profile: %s\n", opts->output.c_str());
    for (const std::string& note : program.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
    if (program.exit_code != 0) {
      std::fprintf(stderr, "rooflab: the program exited with %d (its profile is written)\n",
                   program.exit_code);
      s.exit_code = kExitFailure;
    }
  });
}

}  // namespace cli
