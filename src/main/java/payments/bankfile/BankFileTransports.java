package payments.bankfile;

import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/** The configured way to the bank's files, made on first use (never at build time) and closed on shutdown. */
@ApplicationScoped
public class BankFileTransports {

    private final BankFilesConfig config;
    private final Vertx vertx;
    private BankFileTransport transport;

    public BankFileTransports(BankFilesConfig config, Vertx vertx) {
        this.config = config;
        this.vertx = vertx;
    }

    /** A step of file exchange, blocking. */
    interface Exchange<T> {
        T run(BankFileTransport transport) throws IOException;
    }

    /** Runs the exchange on a worker thread and answers on the caller's context (where a Hibernate session may go on). */
    <T> Uni<T> exchange(Exchange<T> exchange) {
        return offload(() -> {
            try {
                return exchange.run(transport());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Work too heavy for the event loop (writing, parsing and validating files), on a worker thread, answered on the caller's context. */
    <T> Uni<T> offload(Supplier<T> work) {
        return vertx.executeBlocking(Uni.createFrom().item(work), false);
    }

    private synchronized BankFileTransport transport() {
        if (transport == null) {
            transport = switch (config.transport().orElseThrow(() -> new IllegalStateException("No bank file transport configured"))) {
                case FOLDER -> new FolderTransport(Path.of(config.root()));
                case SFTP -> new SftpTransport(config);
            };
        }
        return transport;
    }

    synchronized void close(@Observes ShutdownEvent ignored) throws IOException {
        if (transport instanceof SftpTransport sftp) {
            sftp.close();
        }
    }
}
