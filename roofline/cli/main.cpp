// rooflab: measure a machine's roofs, run verified kernels under them, report.
#include <iostream>

#include "reports/escape.hpp"
#include "roofline/build_info.hpp"
#include "roofline/cli/backends.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/parse_error.hpp"
#include "roofline/cli/placement.hpp"
#include "roofline/input_error.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/provenance.hpp"

int main(int argc, char** argv) {
  // OpenMP and the backends' libraries read these settings as they load: set here, they take
  // effect when a command that touches the devices starts again (below).
  const bool placed = cli::apply_placement_options(argc, argv);
  const bool environment_changed = cli::prepare_backend_environments() || placed;

  cli::Session session;
  for (int i = 0; i < argc; ++i) session.command_line += (i ? " " : "") + std::string(argv[i]);
  // Until a measuring command says otherwise: nothing to finish, so a signal ends rooflab at once.
  roofline::install_interrupt_handlers(roofline::OnSignal::stop_at_once);

  CLI::App app{
      "Rooflab: measured roofs and verified kernels on one roofline chart.\n"
      "Without a command: probe every device, run the default suite and write a "
      "report.",
      "rooflab"};
  app.set_version_flag("--version", "rooflab " + roofline::build_info().version + " (" +
                                        roofline::build_info().git_hash + ")");
  cli::add_default_command(app, session);
  cli::add_devices_command(app, session);
  cli::add_list_command(app, session);
  cli::add_probe_command(app, session);
  cli::add_run_command(app, session);
  cli::add_report_command(app);
  cli::add_compare_command(app, session);
  cli::add_export_command(app);
  cli::add_profile_command(app, session);

  // Once the arguments have parsed, before any command starts: a command that touches the
  // devices starts again with the environment above in place; help, refused input and the
  // commands that only read files run once and never load a device library.
  app.parse_complete_callback([&] {
    const bool reads_files_only = app.got_subcommand("report") || app.got_subcommand("compare") ||
                                  app.got_subcommand("export");
    if (!reads_files_only) roofline::ensure_pinned_threads(argv, environment_changed);
    cli::check_thread_environment();
  });

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "rooflab: error: " << cli::parse_error_message(app, e) << "\n";
    return cli::kExitBadInput;
  } catch (const roofline::Interrupted& e) {
    // Outside a run's or a probe's measurements (a counter calibration, say): nothing of it is
    // written, and the files of earlier commands are left as they were.
    std::cerr << "rooflab: " << e.what() << ": nothing written; earlier files are untouched\n";
    return roofline::interrupt_exit_code();
  } catch (const roofline::InputError& e) {
    std::cerr << "rooflab: error: " << reports::terminal_text(e.what()) << "\n";
    return cli::kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "rooflab: failed: " << reports::terminal_text(e.what()) << "\n";
    return cli::kExitFailure;
  }
  return session.exit_code;
}
