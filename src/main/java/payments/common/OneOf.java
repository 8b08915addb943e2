package payments.common;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;

/**
 * An enum-valued wire field kept as a string, so that an unknown value is reported together with
 * every other invalid field instead of failing JSON parsing on its own.
 */
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE_USE, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = OneOf.Validator.class)
public @interface OneOf {

    Class<? extends Enum<?>> value();

    String message() default "Value is not one of the allowed values";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    final class Validator implements ConstraintValidator<OneOf, String> {
        private String[] allowed;

        @Override
        public void initialize(OneOf annotation) {
            allowed = Arrays.stream(annotation.value().getEnumConstants()).map(Enum::name).toArray(String[]::new);
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || Arrays.asList(allowed).contains(value);
        }
    }
}
