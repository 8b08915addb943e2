package payments.common;

/**
 * Whether the JVM is shutting down. The JVM runs every shutdown hook at once: the embedded
 * PostgreSQL's own hook (its library's) stops the database while the application's background
 * polls may still be querying it, so a poll failing then is the stop itself, not trouble to report.
 */
public final class JvmShutdown {

    private static volatile boolean underway;
    private static boolean watching;

    private JvmShutdown() {
    }

    /** Starts watching (once): called at run time by whatever needs to ask, never at build time. */
    public static synchronized void watch() {
        if (!watching) {
            watching = true;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> underway = true, "shutdown-flag"));
        }
    }

    public static boolean underway() {
        return underway;
    }
}
