package payments.verification;

import java.nio.file.Path;

/**
 * A document upload's form fields as received, unchecked. {@code documentHolder} is absent on
 * a replacement; {@code file} is the uploaded file's temporary copy, or null when none was sent.
 */
public record DocumentUpload(String documentHolder, String documentType, String side, String country,
                             String documentNumber, String issuingAuthority, String fileName, Path file) {

    public DocumentUpload withHolder(String holder) {
        return new DocumentUpload(holder, documentType, side, country, documentNumber, issuingAuthority, fileName, file);
    }
}
