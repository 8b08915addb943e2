package payments.common;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The body of a staff decision that is kept with who made it (a file put back, a statement line
 * explained, a dead job retried or resolved): why, required, one line.
 */
public record RequiredReason(
        @NotBlank @Size(max = 1024) @Pattern(regexp = FieldError.ONE_LINE, message = "Must not contain control characters")
        String reason) {
}
