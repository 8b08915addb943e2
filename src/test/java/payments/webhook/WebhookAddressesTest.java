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

    /** IPv6 forms that carry an IPv4 address are judged by that address, whatever resolver returned them. */
    @Test
    void ipv6FormsCarryingAnInternalIpv4AddressAreRefused() throws Exception {
        for (String refused : List.of("::ffff:169.254.169.254", "::169.254.169.254", "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::1",
                "::ffff:127.0.0.1", "64:ff9b::7f00:1")) {
            InetAddress v6 = java.net.Inet6Address.getByAddress(null, InetAddress.getByName(refused).getAddress().length == 16
                    ? InetAddress.getByName(refused).getAddress() : mapped(InetAddress.getByName(refused).getAddress()), -1);
            assertEquals(false, WebhookAddresses.allowed(v6, false), refused);
        }
        InetAddress publicMapped = java.net.Inet6Address.getByAddress(null, mapped(InetAddress.getByName("8.8.8.8").getAddress()), -1);
        assertEquals(true, WebhookAddresses.allowed(publicMapped, false));
        for (String reserved : List.of("192.0.0.8", "198.18.0.1", "198.19.255.254", "240.0.0.1", "255.255.255.255")) {
            assertEquals(false, WebhookAddresses.allowed(InetAddress.getByName(reserved), true), reserved);
        }
    }

    private static byte[] mapped(byte[] ipv4) {
        byte[] bytes = new byte[16];
        bytes[10] = (byte) 0xFF;
        bytes[11] = (byte) 0xFF;
        System.arraycopy(ipv4, 0, bytes, 12, 4);
        return bytes;
    }
}
