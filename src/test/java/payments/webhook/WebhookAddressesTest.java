package payments.webhook;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which addresses a webhook delivery may connect to. */
class WebhookAddressesTest {

    @Test
    void addressesOnlyTheServersOwnNetworkKnowsAreRefused() throws Exception {
        for (String refused : List.of("169.254.169.254", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1",
                "100.64.0.1", "0.0.0.0", "0.1.2.3", "224.0.0.1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "::ffff:10.0.0.1")) {
            assertEquals(false, WebhookAddresses.allowed(InetAddress.getByName(refused), true), refused);
        }
        for (String allowed : List.of("8.8.8.8", "172.32.0.1", "100.128.0.1", "2001:4860:4860::8888")) {
            assertEquals(true, WebhookAddresses.allowed(InetAddress.getByName(allowed), false), allowed);
        }
    }

    @Test
    void loopbackOnlyWhereAllowed() throws Exception {
        for (String loopback : List.of("127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1")) {
            assertEquals(true, WebhookAddresses.allowed(InetAddress.getByName(loopback), true), loopback);
            assertEquals(false, WebhookAddresses.allowed(InetAddress.getByName(loopback), false), loopback);
        }
    }
}
