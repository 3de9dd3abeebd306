package org.ppbus.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.UsageException;
import org.ppbus.view.ViewServer;

/** {@code ppbus view}: a local web page that draws a run of the Java model, cycle by cycle. */
public final class ViewCommand extends Command {
    @Override
    public String summary() {
        return "serve a web view of a run (the plane, the forks, the clients' states) on 127.0.0.1";
    }

    @Override
    protected Options options() {
        Options o = new Options();
        o.addOption(Cli.valued("port", "P", "the port to listen on (default 8157; 0 picks a free one)"));
        o.addOption(Cli.valued("bind", "ADDR", "the address to listen on (default 127.0.0.1: this machine only)"));
        o.addOption(Cli.valued(
                "trace",
                "FILE",
                "a request trace the page may replay (a violation or counterexample trace ppbus wrote); the only file"
                        + " the server reads"));
        return o;
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus view [--port P] [--bind ADDR] [--trace FILE]",
                "Serves a page that starts a run of the Java model and draws it cycle by cycle; stop with Ctrl-C.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        int port = Cli.parseInRange("port", cl.getOptionValue("port", "8157"), 0, 65535);
        String bind = cl.getOptionValue("bind", "127.0.0.1");
        java.nio.file.Path trace = null;
        if (cl.hasOption("trace")) {
            trace = java.nio.file.Path.of(cl.getOptionValue("trace")).toAbsolutePath();
            if (!java.nio.file.Files.isRegularFile(trace)) {
                throw new UsageException("--trace: no such file: " + cl.getOptionValue("trace"));
            }
        }
        ViewServer server;
        try {
            server = new ViewServer(bind, port, trace);
        } catch (IOException | IllegalArgumentException e) {
            throw new UsageException("cannot listen on " + bind + ":" + port + ": " + e.getMessage());
        }
        // The server is closed before the interrupt's hold is released, so that its scratch folder is
        // removed before the JVM halts (resources close in the reverse order of their declaration).
        try (StopOnInterrupt stop = new StopOnInterrupt(20);
                ViewServer open = server) {
            if (open.exposed()) {
                err.println("ppbus view: warning: --bind " + bind + " serves beyond this machine: anyone who reaches it"
                        + " can start runs and read them");
            }
            stdout.println("ppbus view: " + open.address() + " (Ctrl-C stops it)");
            stdout.flush();
            while (!stop.requested()) {
                Thread.sleep(200);
            }
        }
        return 0;
    }
}
