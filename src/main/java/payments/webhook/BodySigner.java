package payments.webhook;

/** Signs webhook bodies with the server's key: ECDSA P-256 over SHA-256 of the bytes, DER encoded. Safe for concurrent use. */
interface BodySigner {

    byte[] sign(byte[] body);
}
