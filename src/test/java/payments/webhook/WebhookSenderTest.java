package payments.webhook;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class WebhookSenderTest {

    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

    @Inject
    WebhookSender sender;

    /**
     * An endpoint that closes a kept-alive connection just as the next delivery goes out on it (as
     * servers trimming their idle connections do) gets that delivery again on a new connection,
     * within the same attempt, instead of half a minute later.
     */
    @Test
    void aDeliveryOnAConnectionTheEndpointClosedIsSentAgainOnANewOne() throws Exception {
        // The second request on the first connection is read and never answered: the connection closes.
        assertEquals(List.of("one", "two", "two"), deliverTwiceDroppingTheSecond((socket, bodies) -> bodies.add(readRequest(socket.getInputStream()))));
    }

    /** The same when the endpoint closes with the request unread, so that the connection is reset. */
    @Test
    void aDeliveryOnAConnectionTheEndpointResetIsSentAgainOnANewOne() throws Exception {
        assertEquals(List.of("one", "two"), deliverTwiceDroppingTheSecond((socket, bodies) -> {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (socket.getInputStream().available() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            socket.setSoLinger(true, 0);
        }));
    }

    /** What the endpoint does with the second request on the first connection before closing it. */
    private interface Drop {
        void drop(Socket socket, List<String> bodies) throws IOException;
    }

    /**
     * Two deliveries to an endpoint that answers the first, drops the second as {@code drop} says
     * and answers whatever comes on a second connection; answers the bodies it read, in order.
     */
    private List<String> deliverTwiceDroppingTheSecond(Drop drop) throws Exception {
        List<String> bodies = Collections.synchronizedList(new ArrayList<>());
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(10_000);
            CompletableFuture<Void> endpoint = CompletableFuture.runAsync(() -> {
                try (Socket first = server.accept()) {
                    first.setSoTimeout(10_000);
                    bodies.add(readRequest(first.getInputStream()));
                    answer(first.getOutputStream());
                    drop.drop(first, bodies);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                try (Socket second = server.accept()) {
                    second.setSoTimeout(10_000);
                    bodies.add(readRequest(second.getInputStream()));
                    answer(second.getOutputStream());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            String url = "http://127.0.0.1:" + server.getLocalPort() + "/hooks";

            WebhookSender.Attempt answered = sender.attempt(event("one"), url, Duration.ofSeconds(10)).await().indefinitely();
            WebhookSender.Attempt resent = sender.attempt(event("two"), url, Duration.ofSeconds(10)).await().indefinitely();

            assertEquals(200, answered.status());
            assertEquals(200, resent.status(), () -> "no answer: " + resent.error());
            endpoint.get(10, java.util.concurrent.TimeUnit.SECONDS);
            return bodies.stream().map(WebhookSenderTest::marker).toList();
        }
    }

    private static WebhookEvent event(String marker) {
        WebhookEvent event = new WebhookEvent();
        event.id = UUID.randomUUID();
        event.type = "TEST";
        event.body = "{\"marker\":\"" + marker + "\"}";
        event.createdAt = Instant.now();
        return event;
    }

    private static String marker(String body) {
        Matcher marker = Pattern.compile("\"marker\":\"(\\w+)\"").matcher(body);
        return marker.find() ? marker.group(1) : body;
    }

    /** One HTTP/1.1 request's body (its head ends at the blank line; Content-Length gives the body). */
    private static String readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed before a whole request head");
            }
            head.append((char) b);
        }
        Matcher length = CONTENT_LENGTH.matcher(head.toString().toLowerCase(Locale.ROOT));
        int size = length.find() ? Integer.parseInt(length.group(1)) : 0;
        return new String(in.readNBytes(size), StandardCharsets.UTF_8);
    }

    private static void answer(OutputStream out) throws IOException {
        out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }
}
