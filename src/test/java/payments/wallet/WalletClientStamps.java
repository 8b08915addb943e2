package payments.wallet;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.util.Base64;
import java.util.HexFormat;

/** What a client SDK does to stamp a payload, with nothing but the JDK's signer. */
public final class WalletClientStamps {

    private WalletClientStamps() {
    }

    public static String stamp(KeyPair key, String payload) {
        try {
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(key.getPrivate());
            signer.update(payload.getBytes(StandardCharsets.UTF_8));
            String json = "{\"publicKey\":\"" + P256.compressedHex((ECPublicKey) key.getPublic()) + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\","
                    + "\"signature\":\"" + HexFormat.of().formatHex(signer.sign()) + "\"}";
            return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
