package payments.bankfile;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.SchemaOutputResolver;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.transform.Result;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * XML schemas of the ISO 20022 messages this rail reads and writes, and validation against them.
 * The schema is generated from the message's model in the ISO 20022 library (the model was
 * generated from the official XSD: element names, order, cardinality, types and code lists), at
 * run time, once per message type. ISO's own XSD files are not shipped with the library and cannot
 * be fetched here; what the generated schema does not carry (text lengths, patterns) the writer
 * keeps by construction.
 */
@jakarta.inject.Singleton
public class IsoSchemas {

    /** A file that does not match its message's schema. */
    public static final class InvalidMessage extends Exception {
        InvalidMessage(String message) {
            super(message);
        }
    }

    private final Map<Class<?>, Schema> schemas = new ConcurrentHashMap<>();

    /** Checks {@code xml} against the schema of the message whose library model classes are {@code model}. */
    public void validate(String xml, Class<?> message, Class<?>[] model) throws InvalidMessage {
        try {
            javax.xml.validation.Validator validator = schemas.computeIfAbsent(message, ignored -> generate(model)).newValidator();
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            validator.validate(new StreamSource(new StringReader(xml)));
        } catch (SAXException | IOException e) {
            throw new InvalidMessage(e.getMessage());
        }
    }

    /**
     * The library's model keeps its types in no namespace and puts the message's namespace on every
     * element when it writes: the schema JAXB generates says the same in two files. Validating what
     * is on the wire needs them as the official XSD has them: one schema whose target namespace is
     * the message's, elements qualified, with the Document element.
     */
    private static Schema generate(Class<?>[] model) {
        Map<String, StringWriter> byNamespace = new LinkedHashMap<>();
        try {
            JAXBContext.newInstance(model).generateSchema(new SchemaOutputResolver() {
                @Override
                public Result createOutput(String namespace, String suggestedFileName) {
                    StringWriter out = new StringWriter();
                    byNamespace.put(namespace, out);
                    StreamResult result = new StreamResult(out);
                    result.setSystemId(suggestedFileName);
                    return result;
                }
            });
            String namespace = byNamespace.keySet().stream().filter(ns -> !ns.isEmpty()).findFirst()
                    .orElseThrow(() -> new IllegalStateException("No message namespace in the model"));
            DocumentBuilderFactory builders = DocumentBuilderFactory.newInstance();
            builders.setNamespaceAware(true);
            builders.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document types = builders.newDocumentBuilder().parse(new InputSource(new StringReader(byNamespace.get("").toString())));
            Element schema = types.getDocumentElement();
            schema.setAttribute("targetNamespace", namespace);
            schema.setAttribute("elementFormDefault", "qualified");
            schema.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns", namespace);
            Element document = types.createElementNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, "xs:element");
            document.setAttribute("name", "Document");
            document.setAttribute("type", "Document");
            schema.insertBefore(document, schema.getFirstChild());
            SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return factory.newSchema(new DOMSource(types));
        } catch (JAXBException | IOException | SAXException | ParserConfigurationException e) {
            throw new IllegalStateException("Cannot build the schema of " + model[0].getName(), e);
        }
    }
}
