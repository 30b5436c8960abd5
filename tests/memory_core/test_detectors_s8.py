# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, thirteenth round (S8): secrets in code and infrastructure-as-code.

Each case is a sentence of this round's own, with other values than the dev
hand (tune18): literals a careful reviewer would refuse (a TOTP seed handed
to an OTP library, a session cookie by its framework's name, a password
file's one line under its name, a Terraform variable's or CloudFormation
parameter's literal default, a vendor's hex key named after its value, a
device's admin login, backup codes and passphrases in Turkish, Russian,
Ukrainian, Polish; connection strings, CLI passwords, vendor tokens in CI
files and SDK calls), and the look-alikes from the same files kept clean
(references to a secret store: `var.*`, `data.*`, ARNs, store paths, Key
Vault and `resolve:` references, code that computes the value; ciphertext
envelopes: Pulumi `secure: v1:`, Jasypt `ENC(…)`, ejson, Vault transit, KMS
blobs, SealedSecrets, age and PGP messages; hashes in `.htpasswd`; masked
values in logs; published example keys in fixtures; test cards and
fictional phones in other languages).
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

SECRETS = [
    'const otp = new OTPAuth.TOTP({ secret: "KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF" });',
    'var totp = new Totp(Base32Encoding.ToBytes("MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U"));',
    'code := totp.GenerateCode("ONSWG4TFOQYTEMZUGU3DOOBZ", time.Now())',
    "Cookie I pasted into Postman: PHPSESSID=9f2c81ab7de34c50b1e6a7d8f0c2e4b1",
    "sessionid=q8v3zk2m7x9w1p4r6t0y5u8i3o2e7a1s for the admin panel (expires Friday)",
    "$ cat secrets/db_password.txt\nHk7#pQ2vLm9x",
    "// config/.smtp_pass\nTr4m-Polka!88",
    "Kurtarma kodları (GitHub): 3f9a-7c21 8b4d-0e6f 12ab-cd34 9e8f-7a6b",
    "Резервные коды Google: 8472 1937  5520 8841  0093 6617  4428 1190",
    "Парольная фраза от кошелька: orbit lantern maple velvet harbor",
    "We set 4b7c2e9f1a3d5b6c8e0f2a4b6c8d0e1f as our Mailgun key for prod.",
    "NAS admin: Kx9!mQ2wZp",
    "firewall root = G7#tr0nPass2024",
    'resource "aws_db_instance" "main" {\n  username = "admin"\n  password = "Zq8#vN3mLp0x"\n}',
    'new rds.DatabaseInstance(this, "Db", { credentials: rds.Credentials.fromPassword("admin", SecretValue.unsafePlainText("N7v!qR2zLx8m")) });',
    'const dbPass = new pulumi.Config().get("x") || pulumi.secret("Wq3#Lm8vZp1x");',
    "ansible-playbook site.yml -e ansible_become_password='Jk8$mW2qPx'",
    'psql "host=db.internal user=app password=Rv7!pL2qXz dbname=orders"',
    'env:\n  - name: API_TOKEN\n    value: "ghp_2Jf8Kq9LmZx3Vb7Nc1Wd4Ry6Tp0Se5Ua8Hg"',
    'db_password: "Lp9#xQ3vNm2k"  # TODO move to vault',
    'variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "Vb8#qLm2Zx7t"\n}',
    '# prod.tfvars\nadmin_password = "Ty6!wQp3Lk9z"',
    "postgresql:\n  auth:\n    username: app\n    password: Jm4kTq8wZx2r",
    "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: pgR7x!2mQv",
    'db, err := sql.Open("postgres", "postgres://app:Vx7pQ2mL9z@db:5432/orders?sslmode=disable")',
    'Connection conn = DriverManager.getConnection("jdbc:mysql://db:3306/shop", "shop", "Pq7#zLm2Rw");',
    '"ConnectionStrings": { "Orders": "Server=tcp:orders.database.windows.net;User ID=app;Password=Qz8!mN3pWk;" }',
    'conn = psycopg2.connect(host="db", user="app", password="Wz7kq2LmXc")',
    "ansible_ssh_pass: Rk8vZ2mQpx",
    "stringData:\n  password: Jx7mQ2vLkp9",
    "sshpass -p 'Rk8#vZ2mQ' ssh deploy@10.0.0.12",
    "docker login -u bob -p Dk8mZ2qWx7 registry.example.io",
    "kubectl create secret generic db --from-literal=password=Hq8nZ2vTx4",
    "gcloud sql users set-password app --instance=orders --password=Mz7qL2vXk9",
    'heroku config:set DJANGO_SECRET_KEY="k3#v!z9(q2m@x8w^p7r&t6y*u5i$o4e"',
    "VAULT_TOKEN=hvs.CAESIJk7Qm2xZp9LvTr4WsYb8NcQd3Fg6HjKl1MnOpQrStUvGh4KHGh2cy5Xa2Z5",
    'provider "grafana" {\n  auth = "glsa_Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn_a1b2c3d4"\n}',
    "NEW_RELIC_LICENSE_KEY=eu01xx7a9c2e4f6b8d0a1c3e5f7b9d2a4c6eNRAL",
    'const client = new Twilio("AC1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d", "9f8e7d6c5b4a39281706f5e4d3c2b1a0");',
    "mysql -h db.internal -u report -pQz8mN3pWk reports",
    "redis-cli -h cache.internal -a Xy8mK2pQzr PING",
    "aws configure set aws_secret_access_key 9drTJvcXLB89EXAMPLEKEYxRtPq2Ab7/Zk3mQ8vL",
    "$env:ARM_CLIENT_SECRET = 'Zq8~Xk2mLp9vTr4WsYb8NcQd3Fg6HjKl1MnO'",
    "pulumi config set --secret dbPassword Lk9#mQ2vZx",
    'export TF_VAR_db_password="Nq7!zLm2Rx"',
    "- name: Deploy\n  run: ./deploy.sh\n  env:\n    SLACK_WEBHOOK_URL: https://hooks.slack.com/services/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",
    "image: node:20\nvariables:\n  NPM_TOKEN: npm_Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnAb2C",
    "steps:\n  - script: az login --service-principal -u 1f2e3d4c-5b6a-7980-a1b2-c3d4e5f6a7b8 -p Qx8~Zm2LkP9vTr4WsYb8NcQd3Fg6HjKl1MnO --tenant acme.onmicrosoft.com",
    'cfg := aws.Config{Credentials: credentials.NewStaticCredentialsProvider("AKIAZ4QX7MLP2RVN8TWE", "q8Wz3Kx7Lm2Np9Rt4Vb6Yc1DfGhJkLmNpQrStUvW", "")}',
    'BlobServiceClient client = new BlobServiceClientBuilder().connectionString("DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnAbCdEf12==;EndpointSuffix=core.windows.net").buildClient();',
    'const stripe = require("stripe")("sk_live_51Hx8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn00AbCdEf12");',
    'openai.api_key = "sk-proj-Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn"',
    "Mot de passe du routeur : Fv7!kq2Lmz",
    "A senha do wi-fi da casa da praia é Praia#2024mar",
    "Il PIN della SIM è 4821 e il PUK 39481726",
    'ansible_become_pass: "Qw7#zLm2Rx"',
    "[client]\nuser=backup\npassword=Bk8#mQ2vZx",
    "machine api.heroku.com\n  login bob@acme.io\n  password 4f9c2e7a-1b3d-4c5e-8f6a-7b8c9d0e1f2a",
    "spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/orders\n    username: orders\n    password: Or7#ders2024",
    'SECRET_KEY = "django-insecure-8m#q2v!lx7p^tr4w$yb9n&cjd3f*g6hk1mn"',
    "JWT_SECRET=Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn",
    "Mein Netflix-Login: anna.k@web.de / Kino2023!Abend",
    "my bank PIN is 4821, don't forget",
    "client_secret: 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",
    '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\\n-----END PRIVATE KEY-----\\n"',
    "Přístup k db02.internal: uživatel deploy / heslo Vlt4va!2019",
    "Acceso a nas.local: usuario admin / contraseña Gal4pagos#88",
    "Zugang zu 10.0.8.3: Benutzer root / Kennwort Wat7mann&Sylt",
    "Accesso a pg-prod-1: utente app / password Dolom1ti%Sella",
    "Доступ к 10.1.2.3: пользователь ops / пароль Bajk4l#Irkutsk",
    "Toegang tot db01: gebruiker beheer / wachtwoord Kr0kus&Tulp9",
    "访问 10.0.0.5：用户 root / 密码 Hua7shan!2022",
    "Giriş bilgileri (panel): kullanıcı admin, parola Kapad0kya*44",
    "NAS管理画面: admin / Fuj1yama#3776",
    "la box internet : admin / Calanqu3s!13",
    "pwd → Lofot3n%Reine",
    "db01.internal postgres pw = Atac4ma&Chile",
    "Kody zapasowe (Google): 4821 9937  1184 2210  6673 0195  3348 7762",
    "Backup-Codes für Microsoft: 7391-2284 5510-9327 1846-3302 6617-4459",
    "Codes de secours Proton : 39f2a-81c04 7be93-02d5f 5c1e8-9a7b3 0d4f6-e2c81",
    "Codici di recupero (Apple): 7Q2M-9XKP-4LZR-8WVT",
    "Passphrase voor de GPG-sleutel: tulp molen kaas fiets regen",
    "Frase de contraseña del cifrado: faro niebla ancla coral marea",
    "Passphrase του κλειδιού SSH: olive harbor zephyr marble kestrel",
    "WLAN-Passwort im Ferienhaus: Ostsee#Wind77",
    "Wi-Fi hotelu: Baltic_Guest, hasło Sopot!Molo22",
    "Mot de passe Wi-Fi du gîte : Verdon*Gorges9",
    "[smb]\nusername = backup\npassword = Nas#Back2024",
    "mount -t cifs //nas/share /mnt -o username=bob,password=Sm8Bshare!x",
    "lftp -u deploy,Ftp7#Upload sftp://files.acme.io",
    'mongosh "mongodb://admin:Mg7#xLp2q@10.0.0.9:27017/?authSource=admin"',
    "rabbitmqctl add_user svc_orders Rb8!tq2Lmx",
    "htpasswd -b .htpasswd reviewer Rev1ew#Stage",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:P12#Bundle9",
    "keytool -genkeypair -alias app -keystore app.jks -storepass Ks7#store22 -keypass Ks7#store22",
    "GitHub 复原码（离线保存）:\n3fa9c-81d02\n7be93-02d5f\n5c1e8-9a7b3\n0d4f6-e2c81",
    "Recovery-Codes Bitwarden:\n4tg8-k2mz-9qxv\n7hpw-3nbd-6rcl\n2jyf-8sxk-5mtq",
    "grabbed the session from devtools: connect.sid=s%3AqW8zLm2Kx7pTr4WsYb9NcJd3Fg6Hk1Mn.Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnAbCdEf",
    "# ~/.ansible/vault_password\nOrchid-77&Lantern",
    "Yedek kodlar (Dropbox): 4821 9937  1184 2210  6673 0195  3348 7762",
    "Кодова фраза для гаманця: amber falcon tulip granite meadow",
    "Fraza hasła do menedżera: lodówka zegar bursztyn wiosło",
    "modem admin -> Zq7#Lm2vXp",
]

CLEAN = [
    "password = var.db_password",
    "password = data.aws_ssm_parameter.db.value",
    "password: ${ssm:/prod/orders/db-password}",
    'secret_name = "prod/orders/db-credentials"',
    'DB_PASSWORD: "{{resolve:secretsmanager:prod/orders/db:SecretString:password}}"',
    'creds = boto3.client("secretsmanager").get_secret_value(SecretId="prod/orders/db")',
    'password := os.Getenv("DB_PASSWORD")',
    'String pw = System.getenv("DB_PASSWORD");',
    'var pw = Environment.GetEnvironmentVariable("DB_PASSWORD");',
    "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  63383830346562393866383963616339363238353937376431363565313030653965386166303561\n  3435653533346665616139366263363634336530363466340a",
    "spring.datasource.password=ENC(G6N718UuyPE5bHyWKyuLQSm02auQPUtm)",
    "api_key: EJ[1:Cg8rNh3dKqS1hQ8gG0uoRnvFyqmgXkR1Mv+Xx8E4YGo=:Z0kB4bFDkxW2o3mYqOAbKd1eN7tv5Wlo:l3N0VcG8qWjOjvH4w2TVD3V9ad5p2ZmGcYb6n8Xu]",
    "ciphertext: vault:v1:8SDd3WHDOjf7mq69CyCqYjBXAiQQAVZRkFM13ok481zoCmHnSeDX9vyf7w==",
    "Secret ARN: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api/stripe-Xy12Ab",
    "KMS key: arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab",
    "log: SECRET_KEY=sk_live_**************** STRIPE_WEBHOOK=whsec_******** mode=live",
    "Tarjeta de prueba de Stripe: 4000 0025 0000 3155 (requiere 3DS)",
    "Testkarte 5555 5555 5555 4444 mit beliebigem Ablaufdatum",
    "In the docs the support line is +1 555-0142.",
    "# .htpasswd\nadmin:$apr1$r31.....$HqJZimcKQFAMYayBlzkrA/",
    "# ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq8vH3mZk2x4yY7Xc0pQ1rS9tU6wV5zA8bC3dE4fG5h me@laptop",
    "router admin: http://192.168.1.1",
    "NAS admin: Marta (she set it up)",
    "sessionid is stored in an HttpOnly cookie, never in localStorage",
    "The TOTP secret is generated by pyotp.random_base32() and shown once as a QR code.",
    "Backup codes: generate them under Settings → Security; each works once.",
    'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
    "password = random_password.db.result",
    "pulumi config set --secret dbPassword  # prompts for the value",
    "password: \"{{ lookup('env', 'DB_PASSWORD') }}\"",
    'export TF_VAR_db_password="$(op read op://infra/db/password)"',
    "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password",
    "age recipient: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
    "minisign public key: RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
    "image: ghcr.io/acme/api@sha256:3b5c8f7e2a1d4c6b9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d",
    "x-amz-request-id: 4442587FB7D0A2F9, x-amz-id-2: vlR7PnpV2Ce81l0PRw6jlUpck7Jo5ZsQjryTjKlc5aLWGVHPZLj5NeC6qMa0emYBDXOo6QBU0Wo=",
    'ETag: "d41d8cd98f00b204e9800998ecf8427e"',
    'kms_key_id = "arn:aws:kms:eu-west-1:123456789012:key/7f3c2a1b-9e8d-4c7b-a6f5-e4d3c2b1a0f9"',
    "password = azurerm_key_vault_secret.db.value",
    "password: ${{ secrets.PROD_DB_PASSWORD }}",
    'DB_PASSWORD: !Sub "{{resolve:ssm-secure:/prod/db/password:1}}"',
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: orders-db\n        key: password",
    'password = os.getenv("DB_PASSWORD", "")',
    'String token = System.getenv().getOrDefault("GITHUB_TOKEN", "");',
    'api_key = "${API_KEY}"',
    "wireguard:\n  PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "sops:\n  kms:\n  - arn: arn:aws:kms:us-east-1:123456789012:key/abcd1234-a123-456a-a12b-a123b4cd56ef\n    enc: AQICAHhJm2Y0aXDbNvP9gqfX0ZqJ1kU3d4zWx6Rp7YyB8sT5vQFmMqZLb3kJ0xW",
    "Stripe test card 4000 0000 0000 9995 always declines (insufficient funds)",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 rotated the DB password reference",
    "password: REPLACE_ME",
    "The Terraform state stores db_password in plain text, so the bucket is encrypted.",
    "GITHUB_TOKEN is injected by Actions; no PAT needed.",
    'db_password: "{{ vault_db_password }}"',
    "ansible-vault encrypt_string --vault-id prod@prompt 's3cr3t' --name db_password  # example from the docs",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  encryptedData:\n    password: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq+Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn==",
    "remoteRef:\n  key: prod/orders/db\n  property: password",
    'password: ""  # set via CI secret DB_PASSWORD',
    "The password must be at least 12 characters and include a symbol.",
    'Passwort vergessen? Über „Passwort zurücksetzen" bekommst du einen Link.',
    "token: ${GITHUB_TOKEN}",
    "GPG key fingerprint: 4AEE 18F8 3AFD EB23 B5E1  2F6E 1A2B 3C4D 5E6F 7A8B",
    "onion: duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion",
    "Request ID: 7f3c2a1b-9e8d-4c7b-a6f5-e4d3c2b1a0f9, trace 4bf92f3577b34da6a3ce929d0e0e4736",
    "S3 object key: uploads/2024/05/invoice-88231.pdf",
    "sha512sum: cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
    "The ssh host key changed: ED25519 key fingerprint is SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s.",
    "Use the API key from the dashboard (Settings → API) and keep it out of git.",
    "session_timeout = 3600  # seconds",
    "JSESSIONID cookie is set with Secure and HttpOnly flags",
    'totp_issuer = "Acme Corp"',
    "Recovery codes were regenerated on 2024-05-02; the old ones no longer work.",
    "ansible_become_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/become:password') }}\"",
    "Access to db02.internal: user deploy / password in 1Password (vault Infra)",
    "Zugang zu 10.0.8.3: Benutzer root, Passwort steht im KeePass",
    "Hasło do wifi jest na naklejce pod routerem.",
    "pwd → /home/deploy/app",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASS",
    "keytool -list -keystore app.jks -storepass:file /run/secrets/storepass",
    "mount -t cifs //nas/share /mnt -o credentials=/root/.smbcredentials",
    "Backup codes: 10 codes, each 8 digits, shown once at setup.",
    "Codes de secours : régénérez-les dans Paramètres → Sécurité.",
    "Passphrase: at least five random words, never reuse it.",
    "Frase de contraseña: mínimo cinco palabras al azar.",
    "NAS admin: see the runbook, section 4.2",
    "router admin page: http://192.168.178.1 (fritz.box)",
    "The build artefact sha256 is 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "Bitwarden organization id: 3f2a1b9c-8d7e-4f6a-b5c4-d3e2f1a0b9c8",
    "Das Geheimnis liegt im Secrets Manager: arn:aws:secretsmanager:eu-central-1:210987654321:secret:prod/shop/db-Qa81Zx",
    "La clave está en SSM: /prod/tienda/db/password (SecureString, KMS alias/aws/ssm)",
    "Parametr: ssm:/aws/reference/secretsmanager/prod/api-token",
    "Azure: /subscriptions/0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e/resourceGroups/rg-prod/providers/Microsoft.KeyVault/vaults/kv-prod-weu",
    "GCP: projects/acme-prod-381204/secrets/stripe-api-key/versions/3",
    "image: 123456789012.dkr.ecr.eu-west-1.amazonaws.com/api@sha256:1c8e7d3a2b9f4e6d5c0a7b8e9f1d2c3b4a5e6f7d8c9b0a1e2f3d4c5b6a7e8f9d",
    "password_hash: $argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG",
    "users:\n  - name: deploy\n    passwd: $6$rounds=656000$Zk8mQ2vLx7pT$r4WsYb9NcJd3Fg6Hk1MnZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnAbCd.e/f",
    "STRIPE_PUBLISHABLE_KEY=pk_live_51Hx8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MnZk8mQ2vLx7pTr4Ws",
    "VITE_FIREBASE_API_KEY is public by design; restrict it by HTTP referrer in the console.",
    "customer cus_Qz8mLx7pTr4WsY paid invoice in_1Pz8mQ2vLx7pTr4WsYb9NcJd via pm_1Pz8mQ2vLx7pTr4WsYb9Nc",
    "[Peer]\nPublicKey = HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=\nAllowedIPs = 10.8.0.2/32",
    "Fingerabdruck des Zertifikats (SHA-256): 5E:FF:56:A2:AF:15:88:25:35:24:31:4E:8A:2C:4D:8B:12:34:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0",
    "git log: 3f7a9c2e1b4d6f8a0c2e4b6d8f0a1c3e5b7d9f1a Merge pull request #412 from acme/rotate-keys",
    '      - name: Login\n        run: echo "${{ secrets.REGISTRY_TOKEN }}" | docker login ghcr.io -u ${{ github.actor }} --password-stdin',
    "const secret = process.env.JWT_SECRET ?? (() => { throw new Error('JWT_SECRET missing') })();",
    'password, _ := os.LookupEnv("PGPASSWORD")',
    'var apiKey = builder.Configuration["Stripe:ApiKey"];',
    '@Value("${spring.datasource.password}")\nprivate String password;',
    "environment:\n  DB_PASSWORD: ${ssm:/orders/${sls:stage}/db-password}\n  API_KEY: ${env:API_KEY}",
    'resource "random_password" "db" {\n  length           = 24\n  special          = true\n  override_special = "!#$%&*()-_=+[]{}<>:?"\n}',
    "db_password: !vault |\n          $ANSIBLE_VAULT;1.2;AES256;prod\n          30613233633461343837653833666333643735383663383762316432336561326236383661373934\n          3364363034613932616437353863366264356139356266330a",
    "password: ENC[AES256_GCM,data:Tr3kX9bQ==,iv:Zk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn,tag:Ab12Cd34Ef56Gh78Ij90Kl==,type:str]",
    "Hasło: <tu wpisz hasło>",
    "Пароль: ********** (скрыт)",
    "API_KEY=your-api-key-here",
    "token: «вставьте сюда токен»",
    "Şifre: [GİZLİ]",
    "AWS docs example: aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "client_id: 1234567890-abc123def456.apps.googleusercontent.com",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1MwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn deploy@ci",
    "kubectl get secret db-credentials -o jsonpath='{.data.password}' | base64 -d",
    "vault kv get -field=password secret/prod/orders/db",
    "aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString --output text",
    'op read "op://Infra/orders-db/password"',
    "doppler secrets get DB_PASSWORD --plain --project orders --config prd",
    "az keyvault secret show --vault-name kv-prod-weu --name db-password --query value -o tsv",
    "gcloud secrets versions access latest --secret=stripe-api-key",
    "# Pulumi.staging.yaml\nconfig:\n  shop:stripeKey:\n    secure: v1:Qk2mZx8LpT4vWs9b:Yb9NcJd3Fg6Hk1MnZk8mQ2vLx7pTr4WsYb9NcJd3Fg6Hk1Mn+w==",
    'data "aws_secretsmanager_secret_version" "api" {\n  secret_id = "prod/payments/stripe"\n}',
    "Пароль не храним в коде, он в arn:aws:secretsmanager:eu-central-1:210987654321:secret:prod/payments-Zx81Qa",
    "# localstack fixture - AWS's published example credentials\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "2025-06-11T08:00:01Z INFO env: STRIPE_KEY=sk_l************9xQa SMTP_PASSWORD=******** region=eu-west-1",
    "Cartão de teste: 4111 1111 1111 1111, CVV qualquer",
    "The sample account in the docs calls +1 555-0177.",
    "# .htpasswd (bcrypt only)\nops:$2y$10$Zk8mQ2vLx7pTr4WsYb9NcOd3Fg6Hk1MnZk8mQ2vLx7pTr4WsYb9Nc",
    "Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 12",
    'variable "api_token" {\n  type      = string\n  sensitive = true\n}',
]


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_of_the_new_classes(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_clean(text: str) -> None:
    assert not find_secrets(text), text
    assert not find_pii(text), text


def test_a_declared_default_is_refused_only_when_literal() -> None:
    literal = 'variable "db_password" {\n  default = "Vb8#qLm2Zx7t"\n}'
    empty = 'variable "db_password" {\n  default = ""\n}'
    other = 'variable "region" {\n  default = "eu-west-1"\n}'
    assert [f.line for f in find_secrets(literal)] == [2]
    assert not find_secrets(empty)
    assert not find_secrets(other)


def test_a_password_file_header_needs_a_password_like_line() -> None:
    assert find_secrets("# ~/.vault_pass.txt\nZk8#mQ2vLx")
    assert not find_secrets("# ~/.vault_pass.txt\nchangeme")
    assert not find_secrets("# notes about passwords\nremember to rotate them")


def test_fiction_numbers_and_test_cards_stay_personal_elsewhere() -> None:
    # With an area code: a number one can dial (S7: without one, `+1
    # 555-0142` is the fiction range and no line).
    assert find_pii("call my sister on +1 212 555 0142")
    assert find_pii("my card 4242 4242 4242 4242 exp 09/28")
