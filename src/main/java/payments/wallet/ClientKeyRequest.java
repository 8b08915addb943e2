package payments.wallet;

/**
 * The body of POST /auth/sessions/{id}/refresh and POST /internal-accounts/{id}/export: the client's
 * fresh P-256 public key (uncompressed SEC1 hex) the answer is sealed to.
 */
public record ClientKeyRequest(String clientPublicKey) {
}
