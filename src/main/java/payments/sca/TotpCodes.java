package payments.sca;

import dev.samstevens.totp.code.DefaultCodeGenerator;
import dev.samstevens.totp.code.HashingAlgorithm;
import dev.samstevens.totp.exceptions.CodeGenerationException;
import dev.samstevens.totp.secret.DefaultSecretGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.commons.codec.binary.Base32;
import payments.common.ServerClock;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.OptionalLong;

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
    private final DefaultCodeGenerator generator = new DefaultCodeGenerator(HashingAlgorithm.SHA1, DIGITS);
    private final ServerClock clock;

    public TotpCodes(ServerClock clock) {
        this.clock = clock;
    }

    /** A new shared secret in Base32 (160 bits), as authenticator apps take it. */
    String newSecret() {
        return secrets.generate();
    }

    boolean verify(String base32Secret, String code) {
        return step(base32Secret, code).isPresent();
    }

    /**
     * The 30-second step whose code this is (the current one, or one either side for drift), so a
     * caller can refuse a code it accepted before; empty when it matches none.
     */
    OptionalLong step(String base32Secret, String code) {
        if (code == null || code.length() != DIGITS) {
            return OptionalLong.empty();
        }
        long current = Math.floorDiv(clock.now().getEpochSecond(), PERIOD_SECONDS);
        byte[] given = code.getBytes(StandardCharsets.US_ASCII);
        for (long step = current - 1; step <= current + 1; step++) {
            try {
                if (MessageDigest.isEqual(generator.generate(base32Secret, step).getBytes(StandardCharsets.US_ASCII), given)) {
                    return OptionalLong.of(step);
                }
            } catch (CodeGenerationException e) {
                throw new IllegalStateException("Cannot compute a TOTP code", e);
            }
        }
        return OptionalLong.empty();
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
