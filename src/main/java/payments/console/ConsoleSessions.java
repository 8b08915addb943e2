package payments.console;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.RunTimeRandom;
import payments.common.ServerClock;
import payments.common.Sha256;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

/**
 * The console's sign-in, kept in a cookie the server signs: the token's client id and an expiry,
 * with an HMAC under a key derived from the secrets key (every instance accepts it; a restart keeps it;
 * a new secrets key signs everyone out). The cookie holds no
 * secret; every page still looks the token up, so deleting it ends its sessions. Forms carry a
 * token derived from the session, so another site cannot post one (besides SameSite=Strict). The
 * sign-in form, posted before any session exists, carries one derived from a random value in a
 * cookie the sign-in page sets (signed double-submit): another site can neither read that cookie
 * nor compute the token, so it cannot sign a browser in to its own token (login CSRF).
 */
@ApplicationScoped
public class ConsoleSessions {

    public static final String COOKIE = "svc_console";
    static final Duration LIFETIME = Duration.ofHours(8);
    static final String LOGIN_COOKIE = "svc_console_login";
    /** How long a sign-in page's form can be posted. */
    static final Duration LOGIN_LIFETIME = Duration.ofMinutes(30);

    private final ServerClock clock;
    /** Derived from the secrets key: every instance signs and checks the same sessions, and a restart keeps them. */
    private final byte[] key;

    public ConsoleSessions(ServerClock clock, payments.common.security.SecretsAtRest secrets) {
        this.clock = clock;
        this.key = java.util.HexFormat.of().parseHex(secrets.mac("console sessions", "signing key v1"));
    }

    /** A new session's cookie value for this client id. */
    public String open(String clientId) {
        long expires = clock.wallNow().plus(LIFETIME).getEpochSecond();
        String claims = encode(clientId.getBytes(StandardCharsets.UTF_8)) + "." + expires;
        return claims + "." + encode(mac("session." + claims));
    }

    /** The client id of a session cookie that this server signed and that has not expired. */
    public Optional<String> clientIdOf(String cookie) {
        if (cookie == null) {
            return Optional.empty();
        }
        int signature = cookie.lastIndexOf('.');
        int expiry = signature < 0 ? -1 : cookie.lastIndexOf('.', signature - 1);
        if (expiry <= 0) {
            return Optional.empty();
        }
        String claims = cookie.substring(0, signature);
        if (!equal(encode(mac("session." + claims)), cookie.substring(signature + 1))) {
            return Optional.empty();
        }
        try {
            if (Long.parseLong(claims.substring(expiry + 1)) < clock.wallNow().getEpochSecond()) {
                return Optional.empty();
            }
            return Optional.of(new String(Base64.getUrlDecoder().decode(claims.substring(0, expiry)), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The form token of a session: what every console form posts back. */
    public String formToken(String cookie) {
        return encode(mac("form." + cookie));
    }

    public boolean formTokenValid(String cookie, String token) {
        return cookie != null && token != null && equal(formToken(cookie), token);
    }

    /** A fresh random value for a sign-in page's cookie, with when it was made (the form's token then expires with it). */
    public String newLoginNonce() {
        byte[] nonce = new byte[16];
        RunTimeRandom.secure().nextBytes(nonce);
        return encode(nonce) + "." + clock.wallNow().getEpochSecond();
    }

    /** The sign-in form's token for the nonce in its page's cookie. */
    public String loginFormToken(String nonce) {
        return encode(mac("login." + nonce));
    }

    /** The token matches the nonce, whose time says its page is at most {@link #LOGIN_LIFETIME} old. */
    public boolean loginFormTokenValid(String nonce, String token) {
        if (nonce == null || token == null || !equal(loginFormToken(nonce), token)) {
            return false;
        }
        try {
            long issued = Long.parseLong(nonce.substring(nonce.lastIndexOf('.') + 1));
            return clock.wallNow().getEpochSecond() - issued <= LOGIN_LIFETIME.toSeconds();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private byte[] mac(String text) {
        return Sha256.hmac(key, text);
    }

    private static boolean equal(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static String encode(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
