package payments.common;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.hibernate.validator.constraints.URL;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Checks a request body against its Bean Validation annotations and reports every invalid field
 * at once, in the wire's `details.errors[]` shape. Services add the rules annotations cannot say.
 */
@ApplicationScoped
public class RequestValidator {

    private final Validator validator;

    public RequestValidator(Validator validator) {
        this.validator = validator;
    }

    /** Throws INVALID_INPUT listing the annotation failures plus {@code extra}, if there are any. */
    public <T> T validate(T body, List<FieldError> extra) {
        if (body == null) {
            throw new ApiException(ErrorCode.INVALID_INPUT, "A JSON request body is required");
        }
        List<FieldError> errors = new ArrayList<>(toFieldErrors(validator.validate(body)));
        errors.addAll(extra);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return body;
    }

    public <T> T validate(T body) {
        return validate(body, List.of());
    }

    /**
     * Checks a body bound by {@link JsonBodies}: its type errors, the annotation failures of the
     * fields that did bind, and {@code extra}, all in one answer.
     */
    public <T> T validate(JsonBodies.Bound<T> body, List<FieldError> extra) {
        if (body.value() == null) {
            throw ApiException.bodyNotAnObject();
        }
        List<String> mistyped = body.typeErrors().stream().map(FieldError::field).toList();
        List<FieldError> errors = new ArrayList<>(body.typeErrors());
        toFieldErrors(validator.validate(body.value())).stream().filter(e -> !mistyped.contains(e.field())).forEach(errors::add);
        errors.addAll(extra);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return body.value();
    }

    static List<FieldError> toFieldErrors(Collection<? extends ConstraintViolation<?>> violations) {
        return violations.stream()
                .map(v -> new FieldError(fieldOf(v), constraintOf(v.getConstraintDescriptor().getAnnotation()), v.getMessage()))
                .sorted(Comparator.comparing(FieldError::field))
                .toList();
    }

    private static String fieldOf(ConstraintViolation<?> violation) {
        // Container elements show up as ".<list element>" nodes; the index before them says enough.
        String path = violation.getPropertyPath().toString().replaceAll("\\.<[^>]+>", "");
        // Violations raised on resource parameters carry "method.parameter." in front of the field.
        if (violation.getRootBean() != null && violation.getLeafBean() != violation.getRootBean()
                && violation.getExecutableParameters() != null) {
            String[] parts = path.split("\\.", 3);
            return parts.length == 3 ? parts[2] : parts[parts.length - 1];
        }
        return path;
    }

    private static FieldError.Constraint constraintOf(Annotation annotation) {
        if (annotation instanceof Size size) {
            return FieldError.Constraint.length(size.min() > 0 ? size.min() : null,
                    size.max() < Integer.MAX_VALUE ? size.max() : null);
        }
        if (annotation instanceof Pattern pattern) {
            return FieldError.Constraint.pattern(pattern.regexp());
        }
        if (annotation instanceof Email) {
            return FieldError.Constraint.format("email");
        }
        if (annotation instanceof URL) {
            return FieldError.Constraint.format("url");
        }
        if (annotation instanceof OneOf oneOf) {
            return FieldError.Constraint.oneOf(Arrays.stream(oneOf.value().getEnumConstants()).map(Enum::name).toList());
        }
        return null;
    }
}
