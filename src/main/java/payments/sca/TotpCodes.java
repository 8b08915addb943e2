package payments.sca;

import dev.samstevens.totp.code.DefaultCodeGenerator;
import dev.samstevens.totp.code.DefaultCodeVerifier;
import dev.samstevens.totp.code.HashingAlgorithm;
import dev.samstevens.totp.secret.DefaultSecretGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.commons.codec.binary.Base32;
import payments.common.ServerClock;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * RFC 6238 codes (HMAC-SHA1, 6 digits, 30-second steps, one step of drift either way) through the
 * dev.samstevens.totp library, on the server clock, so the sandbox's clock moves them too.
 */
@ApplicationScoped
public class TotpCodes {

    static final int PERIOD_SECONDS = 30;
    static final int DIGITS = 6;
    private static final String ISSUER = "Payments";

    private final DefaultSecretGenerator secrets = new DefaultSecretGenerator(32);
    private final DefaultCodeVerifier verifier;

    public TotpCodes(ServerClock clock) {
        verifier = new DefaultCodeVerifier(new DefaultCodeGenerator(HashingAlgorithm.SHA1, DIGITS), () -> clock.now().getEpochSecond());
        verifier.setTimePeriod(PERIOD_SECONDS);
        verifier.setAllowedTimePeriodDiscrepancy(1);
    }

    /** A new shared secret in Base32 (160 bits), as authenticator apps take it. */
    String newSecret() {
        return secrets.generate();
    }

    boolean verify(String base32Secret, String code) {
        return code != null && code.length() == DIGITS && verifier.isValidCode(base32Secret, code);
    }

    /** The raw key bytes of a Base32 secret, in hex: the reference's `secret`. */
    static String rawHex(String base32Secret) {
        return HexFormat.of().formatHex(new Base32().decode(base32Secret));
    }

    /** The otpauth:// provisioning URI an authenticator app scans. */
    static String uri(String label, String base32Secret) {
        String encodedLabel = URLEncoder.encode(ISSUER + ":" + label, StandardCharsets.UTF_8).replace("+", "%20");
        return "otpauth://totp/" + encodedLabel + "?secret=" + base32Secret + "&issuer=" + ISSUER
                + "&algorithm=SHA1&digits=" + DIGITS + "&period=" + PERIOD_SECONDS;
    }
}
