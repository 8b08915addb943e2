package payments.verification;

import java.util.Optional;

/** The file types a document may be, recognised by their first bytes rather than by their declared type. */
public enum FileKind {
    PDF("application/pdf", new byte[]{'%', 'P', 'D', 'F', '-'}),
    JPEG("image/jpeg", new byte[]{(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}),
    PNG("image/png", new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});

    private final String contentType;
    private final byte[] signature;

    FileKind(String contentType, byte[] signature) {
        this.contentType = contentType;
        this.signature = signature;
    }

    public String contentType() {
        return contentType;
    }

    public static Optional<FileKind> of(byte[] content) {
        for (FileKind kind : values()) {
            if (content.length >= kind.signature.length && startsWith(content, kind.signature)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    private static boolean startsWith(byte[] content, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (content[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
