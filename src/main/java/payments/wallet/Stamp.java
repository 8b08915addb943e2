package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.JsonText;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.Base64;
import java.util.HexFormat;

/**
 * An API-key stamp, the value of {@value #HEADER}: base64url (padding optional) of the JSON
 * {@code {publicKey, scheme, signature}}, where the signature is DER ECDSA P-256 over SHA-256 of the
 * exact payload bytes and publicKey the signer's compressed key. Signatures with a high S are
 * accepted, as common signers do not normalise S.
 */
public record Stamp(String publicKey, String scheme, String signature) {

    public static final String HEADER = payments.common.WalletOwnerConsent.SIGNATURE_HEADER;
    public static final String SCHEME = "SIGNATURE_SCHEME_TK_API_P256";

    /** 401 WALLET_SIGNATURE_MISSING when absent, WALLET_SIGNATURE_MALFORMED when it cannot be read. */
    public static Stamp parse(String header) {
        if (header == null || header.isBlank()) {
            throw new ApiException(ErrorCode.WALLET_SIGNATURE_MISSING, "This request must carry the wallet owner's " + HEADER + " header");
        }
        JsonNode json;
        try {
            String text = new String(Base64.getUrlDecoder().decode(stripPadding(header.strip())), StandardCharsets.UTF_8);
            json = JsonText.parse(text);
        } catch (RuntimeException e) {
            throw malformed("is not base64url of a JSON object");
        }
        if (json == null || !json.isObject()) {
            throw malformed("is not base64url of a JSON object");
        }
        String publicKey = json.path("publicKey").textValue();
        String scheme = json.path("scheme").textValue();
        String signature = json.path("signature").textValue();
        if (!SCHEME.equals(scheme)) {
            throw malformed("must have scheme " + SCHEME);
        }
        if (publicKey == null || !P256.isValidKey(publicKey) || !P256.isCompressed(publicKey)) {
            throw malformed("must have publicKey, a compressed P-256 key in hex (66 characters)");
        }
        if (signature == null || !signature.matches("^([0-9a-fA-F]{2}){8,80}$")) {
            throw malformed("must have signature, a DER ECDSA signature in hex");
        }
        return new Stamp(publicKey.toLowerCase(), scheme, signature);
    }

    /** Whether the signature verifies over {@code payload} (the exact bytes handed out to sign). */
    public boolean verifies(String payload) {
        try {
            Signature verifier = Signature.getInstance("SHA256withECDSA");
            verifier.initVerify(P256.publicKey(P256.point(publicKey)));
            verifier.update(payload.getBytes(StandardCharsets.UTF_8));
            return verifier.verify(HexFormat.of().parseHex(signature));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    private static String stripPadding(String value) {
        int end = value.length();
        while (end > 0 && value.charAt(end - 1) == '=') {
            end--;
        }
        return value.substring(0, end);
    }

    private static ApiException malformed(String what) {
        return new ApiException(ErrorCode.WALLET_SIGNATURE_MALFORMED, "The " + HEADER + " header " + what);
    }
}
