package payments.verification;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** The wire's BeneficialOwner. */
public record BeneficialOwnerResponse(String id, String customerId, List<String> roles, int ownershipPercentage,
                                      JsonNode personalInfo, String kycStatus, String createdAt, String updatedAt) {
}
