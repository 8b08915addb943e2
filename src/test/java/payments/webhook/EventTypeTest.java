package payments.webhook;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each event type's constant is its wire name, so searching for either finds the other. */
class EventTypeTest {

    @Test
    void everyConstantSpellsItsWireName() {
        List<String> misspelt = Arrays.stream(EventType.values())
                .filter(type -> !type.name().equals(type.wireName().replace('.', '_')))
                .map(type -> type.name() + " = " + type.wireName()).toList();
        assertEquals(List.of(), misspelt);
    }
}
