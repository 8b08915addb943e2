package payments.agent;

import payments.common.RunTimeRandom;
import payments.common.Sha256;

import java.util.Base64;
import java.util.Locale;

/**
 * Device codes and access tokens (pure). A device code is twelve characters a person can type
 * ({@code 7KQM-3XPD-WN4R}: no 0/O or 1/I/L, 60 random bits); an access token is 256 random bits.
 * Both are kept only as SHA-256.
 */
final class AgentCredentials {

    private static final String ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    static final String TOKEN_PREFIX = "agt_";

    private AgentCredentials() {
    }

    static String newDeviceCode() {
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            if (i > 0 && i % 4 == 0) {
                code.append('-');
            }
            code.append(ALPHABET.charAt(RunTimeRandom.secure().nextInt(ALPHABET.length())));
        }
        return code.toString();
    }

    /** The code as typed: case and dashes do not matter. */
    static String normalize(String code) {
        return code == null ? "" : code.replace("-", "").replace(" ", "").toUpperCase(Locale.ROOT);
    }

    /** Whether a typed code can be one this server handed out (anything else is not looked up). */
    static boolean wellFormed(String code) {
        String normalized = normalize(code);
        return normalized.length() == 12 && normalized.chars().allMatch(c -> ALPHABET.indexOf(c) >= 0);
    }

    static String newAccessToken() {
        byte[] bytes = new byte[32];
        RunTimeRandom.secure().nextBytes(bytes);
        return TOKEN_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String codeHash(String code) {
        return Sha256.hex(normalize(code));
    }
}
