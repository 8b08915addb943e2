package payments.common.web;

import io.quarkus.logging.LoggingFilter;

import java.util.logging.Filter;
import java.util.logging.LogRecord;

/**
 * Drops the start-up lines a user cannot act on: Quarkus's "Profile prod activated" (the banner names
 * the server's own mode, sandbox or production, instead), its "started in" and "Installed features"
 * lines (the banner, printed once the server listens, says where) and Micrometer's notice that the reactive
 * pool's queue gauge is registered twice (one pool, reported under one name: the second registration
 * adds nothing). Everything else passes.
 */
@LoggingFilter(name = "quiet-start")
public final class QuietStart implements Filter {

    private static final String GAUGE = "This Gauge has been already registered (MeterId{name='postgresql.queue.size'";

    @Override
    public boolean isLoggable(LogRecord record) {
        // The message as logged, which may still be a format ("Profile %s activated. %s").
        String message = record.getMessage();
        if (message == null) {
            return true;
        }
        boolean profileLine = message.startsWith("Profile") && message.contains("activated");
        // Quarkus's own start-up lines: the banner, printed once the server listens, says where and how.
        boolean quarkusStart = "io.quarkus".equals(record.getLoggerName())
                && (message.startsWith("Installed features") || message.contains("started in"));
        return !profileLine && !quarkusStart && !message.startsWith(GAUGE);
    }
}
