package payments.account;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import payments.common.schema.JsonSchema;
import payments.common.schema.SchemaValidator;
import payments.sandbox.MagicValues;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pure rules: check digits, sandbox suffixes and the schema interpreter, with known vectors. */
class AccountRulesTest {

    @Test
    void routingNumbers() {
        assertTrue(BankIdentifiers.isValidRoutingNumber("021000021"));
        assertTrue(BankIdentifiers.isValidRoutingNumber("011000015"));
        assertFalse(BankIdentifiers.isValidRoutingNumber("123456789"));
        assertFalse(BankIdentifiers.isValidRoutingNumber("02100002"));
    }

    @Test
    void ibans() {
        assertTrue(BankIdentifiers.isValidIban("DE89370400440532013000"));
        assertTrue(BankIdentifiers.isValidIban("GB29NWBK60161331926819"));
        assertFalse(BankIdentifiers.isValidIban("DE89370400440532013001"));
        assertEquals("DE89370400440532013000", BankIdentifiers.ibanWithCheckDigits("DE", "370400440532013000"));
    }

    @Test
    void clabes() {
        assertTrue(BankIdentifiers.isValidClabe("032180000118359719"));
        assertFalse(BankIdentifiers.isValidClabe("032180000118359718"));
        assertEquals("032180000118359719", BankIdentifiers.clabeWithCheckDigit("03218000011835971"));
    }

    @Test
    void sandboxSuffixes() {
        assertEquals("002", MagicValues.suffix("someone.002@host"));
        assertEquals("APPROVED", MagicValues.kycOutcome("Jane Doe"));
        assertEquals("REJECTED", MagicValues.kycOutcome("Jane 002"));
        assertEquals("UNVERIFIED", MagicValues.kybOutcome("REG-003"));
        assertTrue(MagicValues.beneficiaryVerification("000105").isEmpty());
    }

    @Test
    void schemaInterpreterReportsEveryViolationAndDropsUnknownFields() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        JsonSchema schema = JsonSchema.parse(mapper.readTree("""
                {"discriminator": "kind", "mapping": {"A": {"type": "object", "required": ["kind", "name"],
                  "properties": {"kind": {"type": "string"}, "name": {"type": "string", "maxLength": 3},
                    "when": {"type": "string", "format": "date"}, "tags": {"type": "array", "items": {"type": "string", "enum": ["x"]}}}}}}
                """));
        SchemaValidator.Result result = SchemaValidator.validate(
                mapper.readTree("{\"kind\":\"A\",\"name\":\"long\",\"when\":\"2020-02-30\",\"tags\":[\"x\",\"y\"],\"extra\":1}"),
                schema, "");
        assertEquals(List.of("name", "when", "tags[1]"), result.errors().stream().map(e -> e.field()).toList());
        assertFalse(result.value().has("extra"));
        SchemaValidator.Result unknown = SchemaValidator.validate(mapper.readTree("{\"kind\":\"B\"}"), schema, "root");
        assertEquals("root.kind", unknown.errors().get(0).field());
    }
}
