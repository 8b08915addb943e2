package payments.webhook;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerConfig;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where webhooks may go. A webhook endpoint is a URL the platform chooses, and this server posts
 * to it from inside the deployment's network; so it must not reach addresses that only make sense
 * inside that network: loopback, link-local (cloud metadata services live there), private and
 * unique-local ranges, carrier-grade NAT, unspecified and multicast. The sandbox also accepts
 * loopback, for receivers on the developer's machine; hosts named in {@code svc.webhooks.allowed-hosts}
 * are accepted whatever they resolve to. The check runs when the endpoint is set and again on the
 * address each delivery connects to, so a name that later resolves elsewhere cannot slip through.
 */
@ApplicationScoped
public class WebhookAddresses {

    /** Where one delivery connects: the URL's parts and the address its host resolved to and passed the check. */
    public record Target(boolean https, String host, int port, String pathAndQuery, InetAddress address) {
    }

    /** The endpoint cannot be used; {@code reason} is safe to show (it never tells what answers where). */
    public static final class Refused extends RuntimeException {
        public Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private final Vertx vertx;
    private final boolean loopbackAllowed;
    private final Set<String> allowedHosts;

    public WebhookAddresses(ServerConfig config, WebhooksConfig webhooks, Vertx vertx) {
        this.vertx = vertx;
        this.loopbackAllowed = config.sandbox();
        this.allowedHosts = webhooks.allowedHosts().orElse(List.of()).stream()
                .map(host -> host.trim().toLowerCase(Locale.ROOT)).filter(host -> !host.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    /** Resolves the URL's host off the event loop and checks every address it has; fails with {@link Refused}. */
    public Uni<Target> resolve(String url) {
        // executeBlocking answers on the caller's context, where a Hibernate session may continue.
        return vertx.executeBlocking(Uni.createFrom().item(() -> target(url)), false);
    }

    private Target target(String url) {
        URI uri = URI.create(url);
        String host = uri.getHost();
        if (host == null) {
            throw new Refused("The webhook endpoint has no host");
        }
        boolean https = "https".equalsIgnoreCase(uri.getScheme());
        int port = uri.getPort() != -1 ? uri.getPort() : https ? 443 : 80;
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String bareHost = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(bareHost);
        } catch (UnknownHostException e) {
            throw new Refused("The webhook endpoint's host name does not resolve");
        }
        if (!allowedHosts.contains(bareHost.toLowerCase(Locale.ROOT))) {
            for (InetAddress address : addresses) {
                if (!allowed(address, loopbackAllowed)) {
                    throw new Refused("The webhook endpoint must not resolve to a loopback, link-local, private or unspecified address");
                }
            }
        }
        return new Target(https, bareHost.contains(":") ? "[" + bareHost + "]" : bareHost, port, path, addresses[0]);
    }

    /** Whether a delivery may connect to this address. */
    static boolean allowed(InetAddress address, boolean loopbackAllowed) {
        byte[] bytes = address.getAddress();
        byte[] embedded = embeddedIpv4(bytes);
        if (embedded != null) {
            // An IPv6 form that carries an IPv4 address reaches that address: judge the IPv4 one.
            try {
                return allowed(InetAddress.getByAddress(embedded), loopbackAllowed);
            } catch (java.net.UnknownHostException impossible) {
                return false;
            }
        }
        if (address.isLoopbackAddress()) {
            return loopbackAllowed;
        }
        if (address.isAnyLocalAddress() || address.isLinkLocalAddress() || address.isSiteLocalAddress()
                || address.isMulticastAddress()) {
            return false;
        }
        if (bytes.length == 16) {
            return (bytes[0] & 0xFE) != 0xFC; // unique local fc00::/7
        }
        int first = bytes[0] & 0xFF;
        int second = bytes[1] & 0xFF;
        boolean thisNetwork = first == 0;
        boolean carrierNat = first == 100 && (second & 0xC0) == 64;
        boolean ietfProtocol = first == 192 && second == 0 && bytes[2] == 0;
        boolean benchmarking = first == 198 && (second & 0xFE) == 18;
        boolean reserved = first >= 240;
        return !(thisNetwork || carrierNat || ietfProtocol || benchmarking || reserved);
    }

    /**
     * The IPv4 address inside an IPv6 one, for the forms that carry one: IPv4-mapped ::ffff:a.b.c.d,
     * IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 6to4 2002::/16; null otherwise.
     */
    private static byte[] embeddedIpv4(byte[] bytes) {
        if (bytes.length != 16) {
            return null;
        }
        boolean zeroPrefix = java.util.stream.IntStream.range(0, 10).allMatch(i -> bytes[i] == 0);
        boolean mapped = zeroPrefix && (bytes[10] & 0xFF) == 0xFF && (bytes[11] & 0xFF) == 0xFF;
        boolean compatible = zeroPrefix && bytes[10] == 0 && bytes[11] == 0
                && !java.util.Arrays.equals(java.util.Arrays.copyOfRange(bytes, 12, 16), new byte[] {0, 0, 0, 1})
                && !java.util.Arrays.equals(java.util.Arrays.copyOfRange(bytes, 12, 16), new byte[4]);
        boolean nat64 = (bytes[0] & 0xFF) == 0x00 && (bytes[1] & 0xFF) == 0x64 && (bytes[2] & 0xFF) == 0xFF
                && (bytes[3] & 0xFF) == 0x9B && java.util.stream.IntStream.range(4, 12).allMatch(i -> bytes[i] == 0);
        if (mapped || compatible || nat64) {
            return java.util.Arrays.copyOfRange(bytes, 12, 16);
        }
        if ((bytes[0] & 0xFF) == 0x20 && (bytes[1] & 0xFF) == 0x02) {
            return java.util.Arrays.copyOfRange(bytes, 2, 6);
        }
        return null;
    }
}
