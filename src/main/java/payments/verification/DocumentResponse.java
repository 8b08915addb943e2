package payments.verification;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The wire's Document (metadata only; the file is never sent back). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DocumentResponse(String id, String documentHolder, String documentType, String side, String country,
                               String documentNumber, String issuingAuthority, String fileName, String createdAt,
                               String updatedAt) {
}
